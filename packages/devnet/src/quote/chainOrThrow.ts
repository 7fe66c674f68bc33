import { quoteBadRequest } from "./quoteBadRequest.js";

/**
 * A chain of the quote, which must be one of the devnet's.
 *
 * @param chainIds - The devnet's chain ids.
 * @param chainId - The chain asked for.
 * @returns The chain id.
 * @throws DevnetApiError 400 `UNSUPPORTED_CHAIN`, as the live service answers an unknown chain.
 * @example
 * chainOrThrow([31337, 31338], 31337) // 31337
 */
export function chainOrThrow(chainIds: readonly number[], chainId: number): number {
  if (!chainIds.includes(chainId))
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${chainId} is not a devnet chain (${chainIds.join(", ")}).`,
    );
  return chainId;
}
