import type { QuoteRequest } from "attestkit/schemas";
import { getAddress, type Hex } from "viem";
import type { DestinationCall } from "../state/types.js";

/**
 * The destination calls (`txs`), as the request schema checked them: `to` checksummed, `data`
 * default `0x`, `value` (wei) default 0.
 *
 * @param txs - The request's `txs`, if any.
 * @returns The calls, in order. {@link DestinationCall}
 * @example
 * toDestinationCalls([{ to: "0xabc…", value: "1" }]) // [{ to: "0xAbC…", data: "0x", value: 1n }]
 */
export function toDestinationCalls(txs: QuoteRequest["txs"]): DestinationCall[] {
  return (txs ?? []).map(({ to, data = "0x", value = "0" }) => ({
    to: getAddress(to),
    data: data as Hex,
    value: BigInt(value),
  }));
}
