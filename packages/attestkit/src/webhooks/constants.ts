/** Header names of a webhook delivery (HTTP header names are case-insensitive; these are lowercase). */
export const webhookHeaders = {
  /** Unix time of sending, in seconds or milliseconds. */
  timestamp: "x-signature-timestamp",
  /** Hex HMAC-SHA256 of `<timestamp>.<body>`, keyed with the API key. */
  signature: "x-signature-sha256",
} as const;

/** Default tolerance between the delivery's timestamp and the receiver's clock, both ways (as stripe and svix). */
export const defaultToleranceSeconds = 300;

/**
 * Timestamps at or above this value are milliseconds, below it seconds. 10^11 seconds is the year
 * 5138 and 10^11 milliseconds is 1973, so no real delivery time is ambiguous.
 */
export const millisecondsThreshold = 100_000_000_000;

/** Default cap on a delivery's body: 1 MiB. */
export const defaultMaxBodyBytes = 1_048_576;
