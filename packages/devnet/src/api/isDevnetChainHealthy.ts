import { bitcoin } from "attestkit/chains";
import { chainIncidentOf } from "./chainIncidentOf.js";
import type { DevnetContext } from "./types.js";

/** What a chain's health reads of the devnet: its EVM chains, its Bitcoin chain and the incidents. */
export type IsDevnetChainHealthyDeps = Pick<DevnetContext, "chains" | "bitcoin" | "incidents">;

/**
 * Whether one of the devnet's chains is healthy: no incident switched it off or marked its blocks as
 * lagging (`devnet trigger chain-disabled|block-lagging`), and its node answers (an EVM chain its
 * block number, the Bitcoin chain its height). The exchange is an in-process ledger: healthy unless
 * an incident says otherwise.
 *
 * @param context - {@link IsDevnetChainHealthyDeps}
 * @param chainId - A chain the devnet runs.
 * @returns True when the chain is healthy.
 * @example
 * await isDevnetChainHealthy(context, 31337) // true
 */
export async function isDevnetChainHealthy(
  context: IsDevnetChainHealthyDeps,
  chainId: number,
): Promise<boolean> {
  const { disabled, blockProductionLagging } = chainIncidentOf(context, chainId);
  if (disabled || blockProductionLagging) return false;
  try {
    const chain = context.chains.get(chainId);
    if (chain) await chain.request({ method: "eth_blockNumber" });
    else if (chainId === bitcoin.chainId) context.bitcoin?.chain.height();
    return true;
  } catch {
    return false;
  }
}
