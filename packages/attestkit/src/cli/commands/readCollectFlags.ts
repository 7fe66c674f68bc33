import type { AttestationVersion } from "../../attestation/types.js";
import type { CollectFilters } from "../../collect/types.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import type { CollectOptions } from "./collectOptions.js";

/** What `collect`'s flags ask for, checked. */
export type CollectFlags = {
  version: AttestationVersion;
  listing: "v3" | "v2";
  concurrency: number;
  /** Requests per second. */
  rate: number;
  maxAttempts: number;
  filters: CollectFilters;
};

/**
 * Reads and checks `collect`'s flags: `--out` a file, `--concurrency` 1 to 64, `--rate` 0.001 to
 * 100,000 a second, `--max-attempts` 1 to 100, `--listing v3` and `--referrer` only with an API key
 * (the service lists a referrer's requests to its own key only, named in `apiKey`), `--from` and
 * `--to` Unix seconds or ISO 8601 dates, in order.
 *
 * @param options - The command's options. {@link CollectOptions}
 * @returns The checked settings. {@link CollectFlags}
 * @throws {CliError} (exit 2) naming the flag and what it takes.
 * @example
 * const { rate, filters } = readCollectFlags(options)
 */
export function readCollectFlags(options: CollectOptions): CollectFlags {
  if (options.out === "-" || options.out === "")
    throw flagError("--out", "--out must name a file: collect appends to it and resumes from it.");
  const listing = options.listing ?? (options.apiKey ? "v3" : "v2");
  if (listing === "v3" && !options.apiKey)
    throw flagError("--listing", "--listing v3 (GET /requests/v3) needs an API key.", [
      "Pass --api-key (or set $ATTESTKIT_API_KEY), or --listing v2, the public listing.",
    ]);
  if (options.referrer !== undefined && !options.apiKey)
    throw flagError(
      "--referrer",
      "--referrer needs an API key: the service lists a referrer's requests to its own key only.",
      ["Pass --api-key (or set $ATTESTKIT_API_KEY)."],
    );
  const startTimestamp = options.from === undefined ? undefined : unixSeconds("--from", options.from);
  const endTimestamp = options.to === undefined ? undefined : unixSeconds("--to", options.to);
  if (startTimestamp !== undefined && endTimestamp !== undefined && startTimestamp > endTimestamp)
    throw flagError("--from", "--from is after --to.");
  return {
    version: options.v2 ? "v2" : "v1",
    listing,
    concurrency: wholeNumber("--concurrency", options.concurrency, 1, 64),
    rate: positiveNumber("--rate", options.rate),
    maxAttempts: wholeNumber("--max-attempts", options.maxAttempts, 1, 100),
    filters: {
      ...(options.user !== undefined ? { user: options.user } : {}),
      ...(options.referrer !== undefined ? { referrer: options.referrer, apiKey: options.apiKey } : {}),
      ...(startTimestamp !== undefined ? { startTimestamp } : {}),
      ...(endTimestamp !== undefined ? { endTimestamp } : {}),
    },
  };
}

function flagError(flag: string, message: string, metaMessages: string[] = []): CliError {
  return new CliError(message, { exitCode: exitCodes.badInput, field: flag, metaMessages });
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw flagError(
      flag,
      `${flag} is ${JSON.stringify(value)}; expected a whole number from ${min} to ${max}.`,
    );
  return n;
}

function positiveNumber(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < 0.001 || n > 100_000)
    throw flagError(
      flag,
      `${flag} is ${JSON.stringify(value)}; expected requests per second, from 0.001 to 100000.`,
    );
  return n;
}

/** A time given as Unix seconds, or as an ISO 8601 date or date and time (a date alone: its midnight UTC). */
function unixSeconds(flag: string, value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms))
    throw flagError(
      flag,
      `${flag} is ${JSON.stringify(value)}; expected Unix seconds or an ISO 8601 date (2025-01-31, 2025-01-31T12:00:00Z).`,
    );
  return Math.floor(ms / 1000);
}
