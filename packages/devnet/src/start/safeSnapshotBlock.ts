import type { ApiChain } from "../api/types.js";
import type { DevnetRequest } from "../state/types.js";

/**
 * The newest block of an EVM chain a snapshot may stand for: none is taken past a block the
 * deposit indexer or the deposit address watcher has not read (a restored chain's older blocks are
 * empty, so nothing may be left in them to find), nor while a deposit address waits for its sweep
 * (a request `depositing`). Pure.
 *
 * @param chain - The chain as the API sees it (its indexer and watcher), if it is one of the devnet's.
 * @param requests - Every request.
 * @returns The block, or undefined when no snapshot may be taken now.
 * @example
 * safeBlock: (chainId) => safeSnapshotBlock(apiChains.get(chainId), store.all())
 */
export function safeSnapshotBlock(
  chain: ApiChain | undefined,
  requests: readonly DevnetRequest[],
): bigint | undefined {
  const indexed = chain?.indexer.scannedThrough();
  if (indexed === undefined || requests.some((request) => request.status === "depositing")) return undefined;
  const watched = chain?.depositAddresses.scannedThrough();
  return watched !== undefined && watched < indexed ? watched : indexed;
}
