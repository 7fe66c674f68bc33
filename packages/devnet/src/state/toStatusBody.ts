import type { DevnetRequest, StatusBody } from "./types.js";

/**
 * Renders a request as the interface's status object (the status endpoint's body and the `data` of
 * a webhook). `depositAddress` is the request's deposit address object (address, type, depositor,
 * the hash of the transfer into it once seen), null for a request paid without one.
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
    depositAddress: request.depositAddress ? { ...request.depositAddress } : null,
    requestId: request.requestId,
    referrer: request.referrer,
    details: request.details === null ? null : structuredClone(request.details),
    failReason: request.failReason,
    refundFailReason: request.refundFailReason,
  } satisfies StatusBody;
}
