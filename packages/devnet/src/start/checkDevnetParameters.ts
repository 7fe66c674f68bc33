import { InvalidDevnetParameterError } from "../errors.js";

export type CheckDevnetParametersParameters = {
  host: string;
  originChainId: number;
  destinationChainId: number;
  webhookUrl?: string | undefined;
  apiKey?: string | undefined;
  webhookHeaders?: Readonly<Record<string, string>> | undefined;
  blockTimeMs?: number | undefined;
  bitcoinBlockTimeMs: number;
  bitcoinHighValueThreshold: bigint;
  maxBodyBytes: number;
  /** How long an orphaned deposit waits before its refund, ms. */
  orphanRefundDelayMs: number;
  /** Rate limits; `false` turns them off. */
  rateLimit?:
    | false
    | { windowMs?: number | undefined; anonymous?: number | undefined; apiKey?: number | undefined }
    | undefined;
  /** The webhook retry schedule. */
  webhookRetry?:
    | { retries?: number | undefined; baseDelayMs?: number | undefined; maxDelayMs?: number | undefined }
    | undefined;
};

/** Refuses a setting: the error names it (`parameter`) and says what it must be. */
function refuse(parameter: string, message: string): never {
  throw new InvalidDevnetParameterError({ parameter, message });
}

/**
 * Checks the devnet's settings before anything starts, in this order: the host (127.0.0.1 only), two
 * different chain ids, `webhookUrl` and `apiKey` given together, `blockTimeMs` a positive integer,
 * `bitcoinBlockTimeMs` a non-negative integer, `bitcoinHighValueThreshold` a non-negative bigint,
 * `webhookHeaders` only with `webhookUrl`, `maxBodyBytes` a positive integer, `orphanRefundDelayMs`
 * a non-negative integer, `rateLimit`'s window
 * and limits positive integers, `webhookRetry`'s count and delays non-negative integers (the cap no
 * shorter than the first delay). Throws an `InvalidDevnetParameterError` naming the setting that is
 * wrong (before the state directory is opened, so nothing is left open).
 *
 * @param parameters - {@link CheckDevnetParametersParameters} (defaults already filled in).
 * @throws {InvalidDevnetParameterError} For the first setting that is wrong.
 * @example
 * checkDevnetParameters({ host: "127.0.0.1", originChainId: 31337, destinationChainId: 31338, ... })
 */
export function checkDevnetParameters({
  host,
  originChainId,
  destinationChainId,
  webhookUrl,
  apiKey,
  webhookHeaders,
  blockTimeMs,
  bitcoinBlockTimeMs,
  bitcoinHighValueThreshold,
  maxBodyBytes,
  orphanRefundDelayMs,
  rateLimit,
  webhookRetry,
}: CheckDevnetParametersParameters): void {
  if (host !== "127.0.0.1") refuse("host", "The devnet listens on 127.0.0.1 only.");
  if (originChainId === destinationChainId)
    refuse("destinationChainId", "The origin and destination chain ids must differ.");
  if ((webhookUrl === undefined) !== (apiKey === undefined))
    refuse("apiKey", "webhookUrl and apiKey go together: the API key is the webhook's HMAC secret.");
  if (blockTimeMs !== undefined && !(Number.isInteger(blockTimeMs) && blockTimeMs > 0))
    refuse("blockTimeMs", "blockTimeMs must be a positive integer.");
  if (!(Number.isSafeInteger(bitcoinBlockTimeMs) && bitcoinBlockTimeMs >= 0))
    refuse("bitcoinBlockTimeMs", "bitcoinBlockTimeMs must be a non-negative integer.");
  if (typeof bitcoinHighValueThreshold !== "bigint" || bitcoinHighValueThreshold < 0n)
    refuse(
      "bitcoinHighValueThreshold",
      "bitcoinHighValueThreshold must be a non-negative bigint (satoshis).",
    );
  if (webhookHeaders !== undefined && webhookUrl === undefined)
    refuse("webhookHeaders", "webhookHeaders go with webhookUrl (and apiKey).");
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0))
    refuse("maxBodyBytes", "maxBodyBytes must be a positive integer.");
  if (!(Number.isSafeInteger(orphanRefundDelayMs) && orphanRefundDelayMs >= 0))
    refuse("orphanRefundDelayMs", "orphanRefundDelayMs must be a non-negative integer (ms).");
  const integer = (value: number | undefined, min: number) =>
    value === undefined || (Number.isSafeInteger(value) && value >= min);
  if (rateLimit) {
    for (const key of ["windowMs", "anonymous", "apiKey"] as const)
      if (!integer(rateLimit[key], 1))
        refuse(`rateLimit.${key}`, `rateLimit.${key} must be a positive integer.`);
  }
  if (webhookRetry) {
    for (const key of ["retries", "baseDelayMs", "maxDelayMs"] as const)
      if (!integer(webhookRetry[key], 0))
        refuse(`webhookRetry.${key}`, `webhookRetry.${key} must be a non-negative integer.`);
    if ((webhookRetry.maxDelayMs ?? 60_000) < (webhookRetry.baseDelayMs ?? 1000))
      refuse(
        "webhookRetry.maxDelayMs",
        "webhookRetry.maxDelayMs must be at least baseDelayMs (default 1000).",
      );
  }
}
