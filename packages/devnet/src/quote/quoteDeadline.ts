import { defaultQuoteTtlSeconds } from "../constants.js";
import { DevnetApiError, type DevnetApiErrorType } from "../errors.js";

/** The last second an order's `uint32` deadline can name (7 February 2106). */
const maxUint32 = 2 ** 32 - 1;

export type QuoteDeadlineParameters = {
  /** Quote time, ms. */
  now: number;
  /** The quote's `ttl`, seconds; {@link defaultQuoteTtlSeconds} when absent. */
  ttl: number | undefined;
};

export type QuoteDeadlineReturnType = {
  /** When the solver stops taking the request's deposit, ms: quote time plus the ttl. */
  expiresAt: number;
  /** The order's deadline, unix seconds: `expiresAt` rounded down, so the signed second is never later. */
  deadline: number;
};

export type QuoteDeadlineErrorType = DevnetApiErrorType;

/**
 * The deadline of a quote: the request expires `ttl` seconds after the quote (an hour without a
 * `ttl`), and its order's deadlines are that instant rounded down to the second. The receiver
 * takes an order's payment only before its deadline second (one paid in that second could no longer
 * be filled); the solver refunds a deposit it takes after `expiresAt` (`TTL_EXPIRED`).
 *
 * @param parameters - {@link QuoteDeadlineParameters}
 * @returns `{ expiresAt, deadline }`. {@link QuoteDeadlineReturnType}
 * @throws DevnetApiError (400 `INVALID_REQUEST`) when the deadline would not fit an order's `uint32`.
 * @example
 * quoteDeadline({ now: 1_700_000_000_500, ttl: 60 }) // { expiresAt: 1700000060500, deadline: 1700000060 }
 */
export function quoteDeadline({
  now,
  ttl = defaultQuoteTtlSeconds,
}: QuoteDeadlineParameters): QuoteDeadlineReturnType {
  const expiresAt = now + ttl * 1000;
  const deadline = Math.floor(expiresAt / 1000);
  if (!Number.isSafeInteger(expiresAt) || deadline > maxUint32)
    throw new DevnetApiError({
      status: 400,
      errorCode: "INVALID_REQUEST",
      message: `ttl ${ttl} puts the order's deadline past ${maxUint32}, the last second a uint32 deadline can name.`,
    });
  return { expiresAt, deadline };
}
