import type { DevnetRequest, StatusBody } from "./types.js";

/**
 * Renders a request as the interface's status object (the status endpoint's body and the `data` of
 * a webhook). The devnet uses no deposit addresses, so `depositAddress` is null.
 *
 * @param request - The request.
 * @returns A fresh object (arrays copied), safe to serialise later.
 * @example
 * toStatusBody(request).status // "pending"
 */
export function toStatusBody(request: DevnetRequest) {
  return {
    status: request.status,
    inTxHashes: [...request.inTxHashes],
    txHashes: [...request.txHashes],
    updatedAt: request.updatedAt,
    originChainId: request.originChainId,
    destinationChainId: request.destinationChainId,
    depositAddress: null,
    requestId: request.requestId,
    referrer: request.referrer,
    details: request.details === null ? null : structuredClone(request.details),
    failReason: request.failReason,
    refundFailReason: request.refundFailReason,
  } satisfies StatusBody;
}
