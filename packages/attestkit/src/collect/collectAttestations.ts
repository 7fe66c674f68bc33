import type { AttestationVersion } from "../attestation/types.js";
import type { BaseClient } from "../client/createBaseClient.js";
import { AbortError, type ClientErrorType } from "../client/errors/request.js";
import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../schemas/errors.js";
import { type CollectRetry, type CollectRetrySettings, callPaced } from "./callPaced.js";
import { createCollectProgress } from "./createCollectProgress.js";
import { createIdFeed } from "./createIdFeed.js";
import { createRequestPacer, type PacerSleep } from "./createRequestPacer.js";
import { createRequestSlots } from "./createRequestSlots.js";
import type {
  CollectAttemptsExhaustedErrorType,
  CollectListingLoopErrorType,
  CollectRetryAfterTooLongErrorType,
  InvalidCollectOptionErrorType,
} from "./errors.js";
import { fetchAttestationItem } from "./fetchAttestationItem.js";
import { linkAbort } from "./linkAbort.js";
import { listRequestPages } from "./listRequestPages.js";
import { type CollectSettings, readCollectSettings } from "./readCollectSettings.js";
import { type PendingRequests, startCollectRequests } from "./startCollectRequests.js";
import type { CollectAttestationsItem, CollectFilters, CollectProgress } from "./types.js";

export type CollectAttestationsParameters = {
  /** Which requests: the listing's filters. Default: every request the listing shows. */
  filters?: CollectFilters | undefined;
  /**
   * The listing read: `v3` (`GET /requests/v3`, needs the client's API key; tells the total) or `v2`
   * (`GET /requests/v2`, public). Default: `v3` when the client has an API key, else `v2`.
   */
  listing?: "v3" | "v2" | undefined;
  /** The attestation fetched: `v1` (`/signature`, signs the amount) or `v2` (`/signature/v2`). Default `v1`. */
  version?: AttestationVersion | undefined;
  /**
   * Requests in flight at once, 1 to 64: listing pages and attestations (a request waiting to be
   * tried again is not in flight). Default 4.
   */
  concurrency?: number | undefined;
  /**
   * Most requests started per second, every request counted (listing pages, attestations, retries):
   * never exceeded (see `createRequestPacer`). Default 3 (the live service allows about 200 a minute
   * per API key). A fraction is allowed.
   */
  ratePerSecond?: number | undefined;
  /** Requests per listing page, 1 to 50. Default 50. */
  pageSize?: number | undefined;
  /**
   * Says whether a request's attestation was collected before (a file being resumed): such a
   * request is counted as skipped and not fetched. Called once per listed request, with its id as
   * listed.
   */
  have?: ((requestId: string) => boolean) | undefined;
  /** Attempts per request (the first included) before `CollectAttemptsExhaustedError`, 1 to 100. Default 8. */
  maxAttempts?: number | undefined;
  /** Base of the backoff after a failure without `Retry-After`, in ms. Default 250. */
  retryDelayMs?: number | undefined;
  /** Cap on one backoff wait, in ms. Default 30,000. */
  maxRetryDelayMs?: number | undefined;
  /** The longest `Retry-After` waited for, in ms; a longer one ends with `CollectRetryAfterTooLongError`. Default 600,000. */
  maxRetryAfterMs?: number | undefined;
  /** Stops the collection: nothing more is started, the waits end, and the iteration throws an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Called with where the collection stands, after each page and each request. */
  onProgress?: ((progress: CollectProgress) => void) | undefined;
  /** Called before each wait for another attempt (a 429, a dropped connection, a 5xx, a timeout). */
  onRetry?: ((retry: CollectRetry) => void) | undefined;
  /** The pacer's clock, in ms (only differences are read). Default `performance.now`. For tests. */
  now?: (() => number) | undefined;
  /** The wait of the pacer and of backoffs. Default: timers. For tests. */
  sleep?: PacerSleep | undefined;
  /** Jitter source in [0, 1). Default `Math.random`. For tests. */
  random?: (() => number) | undefined;
};

export type CollectAttestationsReturnType = AsyncGenerator<CollectAttestationsItem, void, undefined>;

/** What iterating a collection throws. */
export type CollectAttestationsErrorType =
  | InvalidCollectOptionErrorType
  | CollectAttemptsExhaustedErrorType
  | CollectRetryAfterTooLongErrorType
  | CollectListingLoopErrorType
  | ClientErrorType
  | InvalidRequestErrorType
  | InvalidResponseErrorType;

/**
 * Collects the solver's attestations of a whole request history: pages through the listing
 * (`listRequestPages`: user, referrer, time range, ...), fetches each listed request's attestation
 * (v1 or v2), and yields them one by one as they come in (not in the listing's order: a request
 * that has to be tried again holds none of the others back), as an async iterable the caller
 * writes as it goes.
 *
 * - **Bounded memory**, whatever the history's length: two listing pages (the one being worked
 *   through and the next, read ahead), and at most `2 × concurrency` requests started and not yet
 *   yielded; nothing of what was yielded is kept.
 * - **Bounded concurrency and rate**: at most `concurrency` requests in flight (a listing page is
 *   one; a request waiting to be tried again is not: `createRequestSlots`), and every request
 *   (pages, attestations, retries) starts on a turn of one pacer (`createRequestPacer`), never
 *   faster than `ratePerSecond`.
 * - **Failures**: a 429 pauses every request for its `Retry-After` (or a backoff); a dropped
 *   connection, a 5xx or a timeout is retried with backoff (`callPaced`), up to `maxAttempts` per
 *   request, then the iteration throws `CollectAttemptsExhaustedError`. A request the signature
 *   endpoint has no attestation of (404; 400 or a malformed id) is yielded as `unavailable` and the
 *   collection goes on; any other failure ends it. An abort (`signal`, or the caller leaving the
 *   loop) stops every request at once.
 * - **Resuming**: `have` names what was collected before, asked once per listed id; a request
 *   listed again while its first fetch runs is not fetched twice. A request listed again after it
 *   was yielded (the listing changed under the run) is fetched again: the caller's `have`, which
 *   knows what it wrote, is what keeps a file free of duplicates.
 *
 * @param client - A client from `createClient` or `createBaseClient` (its API key for v3). Its own
 *   retries are not used: each attempt is one request, paced and retried here.
 * @param parameters - {@link CollectAttestationsParameters}
 * @returns The items, as an async iterable. {@link CollectAttestationsItem}
 * @throws InvalidCollectOptionError for an option out of range, when the iteration starts.
 * @example
 * for await (const item of collectAttestations(client, { filters: { user }, ratePerSecond: 3, have: (id) => done.has(id) }))
 *   if (item.type === "attestation") appendFileSync("history.jsonl", `${JSON.stringify(item.attestation)}\n`)
 */
export async function* collectAttestations(
  client: BaseClient,
  parameters: CollectAttestationsParameters = {},
): CollectAttestationsReturnType {
  const settings = readCollectSettings(client, parameters);
  const { ratePerSecond, now, sleep, concurrency, version } = settings;
  const pacer = createRequestPacer({ ratePerSecond, now, sleep });
  const slots = createRequestSlots(concurrency);
  const run = linkAbort(parameters.signal);
  const tracker = createCollectProgress(parameters.onProgress);
  const paced = <result>(request: string, call: () => Promise<result>) =>
    callPaced({
      ...retrySettingsOf(settings),
      call,
      request,
      pacer,
      slots,
      signal: run.signal,
      onRetry: (retry) => {
        tracker.retry(retry);
        parameters.onRetry?.(retry);
      },
    });
  const { listing, filters, pageSize } = settings;
  const pages = listRequestPages(client, { listing, filters, pageSize, fetchPage: paced });
  const feed = createIdFeed(pages, tracker);
  const fetch = (requestId: string) =>
    fetchAttestationItem({ client, requestId, version, paced, signal: run.signal });
  const pending: PendingRequests = new Map();
  try {
    for (;;) {
      // At most `2 × concurrency` started and not yielded: memory stays bounded.
      await startCollectRequests({
        feed,
        pending,
        max: 2 * concurrency,
        have: parameters.have,
        tracker,
        fetch,
      });
      if (pending.size === 0) return;
      const { key, item } = await Promise.race(pending.values());
      // Aborted meanwhile: what came in after the abort is not yielded.
      if (run.signal.aborted) throw new AbortError({ cause: run.signal.reason });
      pending.delete(key);
      tracker.item(item);
      yield item;
    }
  } finally {
    // Left early (an error, an abort, a caller's break): whatever is still running stops.
    run.end(new AbortError());
    await pages.return();
  }
}

/** The retry settings `callPaced` takes, from the collection's. */
function retrySettingsOf(settings: CollectSettings): CollectRetrySettings {
  return {
    maxAttempts: settings.maxAttempts,
    baseDelayMs: settings.retryDelayMs,
    maxDelayMs: settings.maxRetryDelayMs,
    maxRetryAfterMs: settings.maxRetryAfterMs,
    sleep: settings.sleep,
    random: settings.random,
  };
}
