import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Address, Hex, PublicClient } from "viem";
import { StaleDeploymentError } from "../../packages/attestkit/src/deploy/errors.js";

/** The chain id of local development chains (a `hardhat node`, anvil): reset at every restart. */
export const localChainId = 31337;

/**
 * The contracts an Ignition deployment folder records (`deployed_addresses.json`), by future id;
 * empty when the folder or the file does not exist.
 *
 * @param deploymentDir - `ignition/deployments/<id>`.
 * @returns `{ "AttestationVerifier#AttestationVerifier": "0x…", ... }`
 */
export function readDeployedAddresses(deploymentDir: string): Record<string, Address> {
  const file = join(deploymentDir, "deployed_addresses.json");
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, Address>;
}

/**
 * The creation transaction of each contract the journal saw mined, by lowercase address.
 *
 * @param deploymentDir - `ignition/deployments/<id>`.
 * @returns A map from the contract's address (lowercase) to its creation transaction hash.
 */
export function readCreationHashes(deploymentDir: string): Map<string, Hex> {
  const hashes = new Map<string, Hex>();
  const file = join(deploymentDir, "journal.jsonl");
  if (!existsSync(file)) return hashes;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"TRANSACTION_CONFIRM"')) continue;
    const entry = JSON.parse(line) as { hash?: Hex; receipt?: { contractAddress?: string } };
    const address = entry.receipt?.contractAddress;
    if (address && entry.hash) hashes.set(address.toLowerCase(), entry.hash);
  }
  return hashes;
}

export type CheckJournalParameters = {
  publicClient: Pick<PublicClient, "getCode">;
  chainId: number;
  /** `ignition/deployments/<id>`; undefined for the in-process chain, which keeps no journal. */
  deploymentDir: string | undefined;
  deploymentId: string;
  /** Told when a local chain's stale journal is reset. */
  onNotice?: ((message: string) => void) | undefined;
};

/**
 * Checks, before Ignition reads it, that every contract a deployment's journal records still has
 * code on the chain. Ignition trusts its journal: after a local node restarts it would report the
 * old addresses as deployed while the chain holds nothing there. On a local chain (31337) a stale
 * journal is deleted, with a notice, so the deployment starts again; anywhere else it is refused.
 *
 * @param parameters - {@link CheckJournalParameters}
 * @returns `"fresh"` (no journal), `"current"` (every recorded contract has code) or `"reset"`.
 * @throws {StaleDeploymentError} when a recorded contract has no code on a chain other than 31337.
 * @example
 * await checkJournal({ publicClient, chainId, deploymentDir: "ignition/deployments/chain-31337", deploymentId })
 */
export async function checkJournal({
  publicClient,
  chainId,
  deploymentDir,
  deploymentId,
  onNotice,
}: CheckJournalParameters): Promise<"fresh" | "current" | "reset"> {
  if (deploymentDir === undefined) return "fresh";
  const recorded = Object.entries(readDeployedAddresses(deploymentDir));
  if (recorded.length === 0) return existsSync(deploymentDir) ? "current" : "fresh";
  const missing: { futureId: string; address: string }[] = [];
  for (const [futureId, address] of recorded) {
    const code = await publicClient.getCode({ address });
    if (code === undefined || code === "0x") missing.push({ futureId, address });
  }
  if (missing.length === 0) return "current";
  if (chainId !== localChainId)
    throw new StaleDeploymentError({ chainId, deploymentDir, deploymentId, missing });
  rmSync(deploymentDir, { recursive: true, force: true });
  onNotice?.(
    `notice: the deployment ${deploymentId} recorded contracts that chain ${chainId} no longer holds ` +
      `(a restarted local node): its journal ${deploymentDir} was deleted and everything is deployed again.`,
  );
  return "reset";
}
