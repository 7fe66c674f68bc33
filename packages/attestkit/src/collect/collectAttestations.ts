import type { AttestationVersion } from "../attestation/types.js";
import { getAttestation } from "../client/actions/getAttestation.js";
import type { BaseClient } from "../client/createBaseClient.js";
import { AbortError, ApiError, type ClientErrorType } from "../client/errors/request.js";
import { sleep as defaultSleep } from "../client/utils/sleep.js";
import {
  InvalidRequestError,
  type InvalidRequestErrorType,
  type InvalidResponseErrorType,
} from "../schemas/errors.js";
import { type CollectRetry, callPaced } from "./callPaced.js";
import { createRequestPacer, type PacerSleep } from "./createRequestPacer.js";
import { createRequestSlots } from "./createRequestSlots.js";
import {
  type CollectAttemptsExhaustedErrorType,
  type CollectListingLoopErrorType,
  type CollectRetryAfterTooLongErrorType,
  InvalidCollectOptionError,
  type InvalidCollectOptionErrorType,
} from "./errors.js";
import { listRequestPages } from "./listRequestPages.js";
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
  const {
    filters = {},
    listing = client.hasApiKey ? "v3" : "v2",
    version = "v1",
    concurrency = 4,
    ratePerSecond = 3,
    pageSize = 50,
    have,
    maxAttempts = 8,
    retryDelayMs = 250,
    maxRetryDelayMs = 30_000,
    maxRetryAfterMs = 600_000,
    onProgress,
    onRetry,
    now,
    sleep = defaultSleep,
    random = Math.random,
  } = parameters;
  checkInteger("pageSize", pageSize, 1, 50);
  checkInteger("maxAttempts", maxAttempts, 1, 100);
  for (const [option, value] of [
    ["retryDelayMs", retryDelayMs],
    ["maxRetryDelayMs", maxRetryDelayMs],
    ["maxRetryAfterMs", maxRetryAfterMs],
  ] as const)
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
      throw new InvalidCollectOptionError({ option, value, expected: "a number of milliseconds, 0 or more" });
  if (listing !== "v3" && listing !== "v2")
    throw new InvalidCollectOptionError({ option: "listing", value: listing, expected: '"v3" or "v2"' });
  if (version !== "v1" && version !== "v2")
    throw new InvalidCollectOptionError({ option: "version", value: version, expected: '"v1" or "v2"' });
  const pacer = createRequestPacer({ ratePerSecond, now, sleep });
  const slots = createRequestSlots(concurrency);

  // One signal for everything this run started: the caller's, or the end of the iteration.
  const controller = new AbortController();
  const outer = parameters.signal;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  const { signal } = controller;

  const progress: CollectProgress = {
    listed: 0,
    total: undefined,
    listingDone: false,
    pages: 0,
    skipped: 0,
    collected: 0,
    unavailable: 0,
    retries: 0,
    rateLimited: 0,
    requests: 0,
  };
  const report = () => {
    progress.requests = progress.pages + progress.collected + progress.unavailable + progress.retries;
    onProgress?.({ ...progress });
  };
  const paced = <result>(request: string, call: () => Promise<result>) =>
    callPaced({
      call,
      request,
      pacer,
      slots,
      signal,
      maxAttempts,
      baseDelayMs: retryDelayMs,
      maxDelayMs: maxRetryDelayMs,
      maxRetryAfterMs,
      sleep,
      random,
      onRetry: (retry) => {
        progress.retries++;
        if (retry.rateLimited) progress.rateLimited++;
        onRetry?.(retry);
      },
    });
  const fetchOne = async (requestId: string): Promise<CollectAttestationsItem> => {
    try {
      const record = await paced(`GET /requests/${requestId}/signature${version === "v2" ? "/v2" : ""}`, () =>
        getAttestation(client, { requestId, version }, { retry: false, signal }),
      );
      return {
        type: "attestation",
        attestation: { requestId, requestData: record.requestData, signature: record.signature },
      };
    } catch (error) {
      if (
        (error instanceof ApiError && (error.status === 404 || error.status === 400)) ||
        error instanceof InvalidRequestError
      )
        return { type: "unavailable", requestId, error: error as ApiErrorLike };
      throw error;
    }
  };

  // The requests started and not yielded yet, by their lowercase id: at most `2 × concurrency`.
  const maxPending = 2 * concurrency;
  const pending = new Map<string, Promise<{ key: string; item: CollectAttestationsItem }>>();
  const pages = listRequestPages(client, {
    listing,
    filters,
    pageSize,
    fetchPage: (request, send) => paced(request, send),
  });
  let ids: string[] = [];
  // One page is read ahead, so the requests never wait for the listing (a page costs the service
  // more than an attestation).
  const readPage = () => {
    const page = pages.next();
    page.catch(() => {});
    return page;
  };
  let upcoming = readPage();
  try {
    for (;;) {
      while (pending.size < maxPending) {
        if (ids.length === 0) {
          if (progress.listingDone) break;
          const next = await upcoming;
          if (next.done) {
            progress.listingDone = true;
            report();
            break;
          }
          upcoming = readPage();
          ids = next.value.ids;
          progress.pages++;
          progress.listed += ids.length;
          if (next.value.total !== undefined) progress.total = next.value.total;
          report();
          continue;
        }
        const requestId = ids.shift() as string;
        const key = requestId.toLowerCase();
        if (pending.has(key) || have?.(requestId)) {
          progress.skipped++;
          report();
          continue;
        }
        const started = fetchOne(requestId).then((item) => ({ key, item }));
        // Handled here so that one left behind by an early end is no unhandled rejection.
        started.catch(() => {});
        pending.set(key, started);
      }
      if (pending.size === 0) return;
      const { key, item } = await Promise.race(pending.values());
      // Aborted meanwhile: what came in after the abort is not yielded.
      if (signal.aborted) throw new AbortError({ cause: signal.reason });
      pending.delete(key);
      if (item.type === "attestation") progress.collected++;
      else progress.unavailable++;
      report();
      yield item;
    }
  } finally {
    // Left early (an error, an abort, a caller's break): whatever is still running stops.
    controller.abort(new AbortError());
    outer?.removeEventListener("abort", onAbort);
    await pages.return();
  }
}

/** The errors an unavailable item carries. */
type ApiErrorLike = Extract<CollectAttestationsItem, { type: "unavailable" }>["error"];

function checkInteger(option: string, value: unknown, min: number, max: number): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    throw new InvalidCollectOptionError({ option, value, expected: `a whole number from ${min} to ${max}` });
}
