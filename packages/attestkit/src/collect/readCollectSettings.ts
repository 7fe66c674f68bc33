import type { AttestationVersion } from "../attestation/types.js";
import type { BaseClient } from "../client/createBaseClient.js";
import { sleep as defaultSleep } from "../client/utils/sleep.js";
import type { PacerSleep } from "./createRequestPacer.js";
import { InvalidCollectOptionError } from "./errors.js";
import type { CollectFilters } from "./types.js";

/** What `collectAttestations` runs with: its options, defaults filled in and checked. */
export type CollectSettings = {
  filters: CollectFilters;
  listing: "v3" | "v2";
  version: AttestationVersion;
  concurrency: number;
  ratePerSecond: number;
  pageSize: number;
  maxAttempts: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  maxRetryAfterMs: number;
  now: (() => number) | undefined;
  sleep: PacerSleep;
  random: () => number;
};

/** The options `readCollectSettings` reads (those of `collectAttestations`). */
export type CollectOptions = { [option in keyof CollectSettings]?: CollectSettings[option] | undefined };

/**
 * Fills in the defaults of a collection's options and checks those the pacer and the slots do not
 * (they check `ratePerSecond` and `concurrency` themselves): `pageSize` 1 to 50 (the listing's
 * limit), `maxAttempts` 1 to 100, the delays whole or not but 0 ms or more, `listing` `v3` (the
 * default with an API key: it tells the total) or `v2`, `version` `v1` or `v2`.
 *
 * @param client - The client: whether it has an API key decides the default listing.
 * @param options - {@link CollectOptions}
 * @returns The settings. {@link CollectSettings}
 * @throws InvalidCollectOptionError naming the first option out of range.
 * @example
 * readCollectSettings(client, { ratePerSecond: 3 }).listing // "v2" without an API key
 */
export function readCollectSettings(client: BaseClient, options: CollectOptions): CollectSettings {
  const settings: CollectSettings = {
    filters: options.filters ?? {},
    listing: options.listing ?? (client.hasApiKey ? "v3" : "v2"),
    version: options.version ?? "v1",
    concurrency: options.concurrency ?? 4,
    ratePerSecond: options.ratePerSecond ?? 3,
    pageSize: options.pageSize ?? 50,
    maxAttempts: options.maxAttempts ?? 8,
    retryDelayMs: options.retryDelayMs ?? 250,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 600_000,
    now: options.now,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
  };
  checkInteger("pageSize", settings.pageSize, 1, 50);
  checkInteger("maxAttempts", settings.maxAttempts, 1, 100);
  for (const option of ["retryDelayMs", "maxRetryDelayMs", "maxRetryAfterMs"] as const) {
    const value = settings[option];
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
      throw new InvalidCollectOptionError({ option, value, expected: "a number of milliseconds, 0 or more" });
  }
  if (settings.listing !== "v3" && settings.listing !== "v2")
    throw new InvalidCollectOptionError({
      option: "listing",
      value: settings.listing,
      expected: '"v3" or "v2"',
    });
  if (settings.version !== "v1" && settings.version !== "v2")
    throw new InvalidCollectOptionError({
      option: "version",
      value: settings.version,
      expected: '"v1" or "v2"',
    });
  return settings;
}

function checkInteger(option: string, value: unknown, min: number, max: number): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    throw new InvalidCollectOptionError({ option, value, expected: `a whole number from ${min} to ${max}` });
}
