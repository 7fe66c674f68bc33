import { isExpiredUnfilled } from "../solver/isExpiredUnfilled.js";
import type { DevnetRequest } from "../state/types.js";

export type QuoteExpiredAtParameters = {
  request: Pick<DevnetRequest, "status" | "expiresAt" | "pricing">;
  /** The solver's clock, ms. */
  now: number;
};

/**
 * When an unpaid quote expired: a request still `waiting` for its deposit whose deadline has passed
 * by the solver's clock, so that a deposit now would be refunded `TTL_EXPIRED` (`isExpiredUnfilled`;
 * a quote with a `latePaymentSlippageTolerance` is still paid late, so it never expires). The status
 * stays `waiting`, as the live service keeps it; the dashboard shows it as expired.
 *
 * @param parameters - {@link QuoteExpiredAtParameters}
 * @returns Its deadline (`expiresAt`, ms) once passed; null while it can be paid, or once paid.
 * @example
 * quoteExpiredAt({ request, now: Date.now() }) // 1700000060500 or null
 */
export function quoteExpiredAt({ request, now }: QuoteExpiredAtParameters): number | null {
  if (request.status !== "waiting" || !isExpiredUnfilled({ request, now })) return null;
  return request.expiresAt;
}
