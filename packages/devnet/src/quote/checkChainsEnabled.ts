import type { DevnetContext } from "../api/types.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

export type CheckChainsEnabledParameters = {
  /** The chains' incidents (`DevnetContext.incidents`); none: every chain is up. */
  incidents: DevnetContext["incidents"];
  originChainId: number;
  destinationChainId: number;
};

/**
 * Refuses a quote or price naming a chain switched off by an incident (`devnet trigger
 * chain-disabled`), as the live service answers during its incidents: 400 `CHAIN_DISABLED` ("the
 * origin or destination chain is currently disabled"). A chain that only lags in block production
 * (`blockProductionLagging`) is still quoted.
 *
 * @param parameters - {@link CheckChainsEnabledParameters}
 * @throws DevnetApiError 400 `CHAIN_DISABLED`, naming the chain.
 * @example
 * checkChainsEnabled({ incidents: context.incidents, ...body })
 */
export function checkChainsEnabled({
  incidents,
  originChainId,
  destinationChainId,
}: CheckChainsEnabledParameters): void {
  for (const [role, chainId] of [
    ["origin", originChainId],
    ["destination", destinationChainId],
  ] as const)
    if (incidents?.get(chainId)?.disabled === true)
      throw quoteBadRequest(
        "CHAIN_DISABLED",
        `The ${role} chain ${chainId} is currently disabled (an incident); quotes to and from it are refused until it is enabled again.`,
      );
}
