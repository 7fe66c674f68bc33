import { chainRpcError } from "./chainRpcError.js";

/**
 * The block number a JSON-RPC block tag names, against a chain whose newest block is `head`:
 * `latest`, `safe`, `finalized` and `pending` are the head (the devnet's blocks are final at once; a
 * caller that needs the pending block asks the chain), `earliest` is 0, a hex quantity is itself. Pure.
 *
 * @param tag - The tag or hex quantity; undefined is `latest`.
 * @param head - The newest block's number.
 * @returns The number (possibly above `head`: the caller decides).
 * @throws {ChainRpcError} -32602 for anything else.
 * @example
 * resolveBlockTag("0x10", 20) // 16
 */
export function resolveBlockTag(tag: unknown, head: number): number {
  if (tag === undefined || tag === null) return head;
  if (tag === "latest" || tag === "safe" || tag === "finalized" || tag === "pending") return head;
  if (tag === "earliest") return 0;
  if (typeof tag === "string" && /^0x[0-9a-fA-F]+$/.test(tag)) return Number(BigInt(tag));
  throw chainRpcError(-32602, `invalid block tag ${JSON.stringify(tag)}`);
}
