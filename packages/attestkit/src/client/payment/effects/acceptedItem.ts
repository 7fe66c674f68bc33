import type { DecodedItem } from "./types.js";

/**
 * An item the caller accepted without decoding: what can be seen of it (the contract it calls and
 * the native value it sends) is kept, so that the sum can still bound it.
 *
 * @param chainId - The item's chain.
 * @param to - The contract it calls, lowercase.
 * @param value - The native value it sends, in wei.
 * @returns The item's one move.
 * @example
 * if (context.accepted) return acceptedItem(origin.id, to, value)
 */
export function acceptedItem(chainId: number, to: string, value: bigint): DecodedItem {
  return {
    ok: true,
    moves: [{ type: "accepted", chainId, to, value }],
    summary: `accepted without decoding (${value} wei to ${to})`,
  };
}
