import { sha256 } from "@noble/hashes/sha2.js";
import { hex, utf8 } from "@scure/base";
import type { ParsedTransferRequest } from "./parseTransferRequest.js";
import type { ExchangeTransfer } from "./types.js";

export type BuildExchangeTransferParameters = {
  /** The next transfer id (the number of transfers made, plus 1). */
  transferId: number;
  /** The debited account (the API key's). */
  from: number;
  request: ParsedTransferRequest;
  /** Unix milliseconds. */
  createdAt: number;
};

/**
 * The record of a new transfer. Its `hash` (what an origin transaction hash is for this chain) is
 * sha256 of `transferId:from:to:asset:fromRoute:toRoute:amount:usdcFee:memo` (decimal numbers, the
 * memo as `0x` hex or `null`), `0x` and 64 hex digits.
 *
 * @param parameters - {@link BuildExchangeTransferParameters}
 * @returns The transfer. {@link ExchangeTransfer}
 * @example
 * buildExchangeTransfer({ transferId: 1, from: 1001, request: parsed, createdAt: Date.now() })
 */
export function buildExchangeTransfer({
  transferId,
  from,
  request,
  createdAt,
}: BuildExchangeTransferParameters): ExchangeTransfer {
  const { toAccountIndex, assetIndex, fromRouteType, toRouteType, amount, usdcFee, memo, clientTransferId } =
    request;
  const fields = [
    transferId,
    from,
    toAccountIndex,
    assetIndex,
    fromRouteType,
    toRouteType,
    amount,
    usdcFee,
    memo,
  ];
  return {
    transferId,
    hash: `0x${hex.encode(sha256(utf8.decode(fields.map(String).join(":"))))}`,
    fromAccountIndex: from,
    toAccountIndex,
    assetIndex,
    fromRouteType,
    toRouteType,
    amount,
    usdcFee,
    memo,
    clientTransferId,
    createdAt,
  };
}
