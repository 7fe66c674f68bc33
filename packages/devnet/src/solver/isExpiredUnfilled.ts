import type { DevnetRequest } from "../state/types.js";

/**
 * Whether a request's ttl has passed so that it is refunded `TTL_EXPIRED` instead of filled: past
 * its `expiresAt` (the order's deadline), and its quote set no `latePaymentSlippageTolerance`. With
 * one, a late payment is filled at the price of fill time within that tolerance (`decideFillPrice`).
 *
 * @param parameters - The request and the solver's clock (ms).
 * @returns True when the solver refunds it as expired.
 * @example
 * if (isExpiredUnfilled({ request, now: now() })) return refundRequest(context, requestId, "TTL_EXPIRED")
 */
export function isExpiredUnfilled({
  request,
  now,
}: {
  request: Pick<DevnetRequest, "expiresAt" | "pricing">;
  now: number;
}): boolean {
  return (
    request.expiresAt !== null &&
    now > request.expiresAt &&
    request.pricing?.latePaymentSlippageBps === undefined
  );
}
