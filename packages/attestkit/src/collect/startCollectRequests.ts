import type { CollectProgressTracker } from "./createCollectProgress.js";
import type { IdFeed } from "./createIdFeed.js";
import type { CollectAttestationsItem } from "./types.js";

/** A request started and not yielded yet, by its lowercase id. */
export type PendingRequests = Map<string, Promise<{ key: string; item: CollectAttestationsItem }>>;

export type StartCollectRequestsParameters = {
  feed: IdFeed;
  pending: PendingRequests;
  /** How many may be pending at once. */
  max: number;
  /** Whether a request was collected before (a file being resumed). */
  have: ((requestId: string) => boolean) | undefined;
  tracker: Pick<CollectProgressTracker, "skipped">;
  /** Fetches one request's item. */
  fetch: (requestId: string) => Promise<CollectAttestationsItem>;
};

/**
 * Starts listed requests until `max` are pending or the listing ends: a request collected before
 * (`have`) or already on its way (listed twice) is skipped, not fetched.
 *
 * @param parameters - {@link StartCollectRequestsParameters}
 * @example
 * await startCollectRequests({ feed, pending, max: 8, have, tracker, fetch })
 */
export async function startCollectRequests({
  feed,
  pending,
  max,
  have,
  tracker,
  fetch,
}: StartCollectRequestsParameters): Promise<void> {
  while (pending.size < max) {
    const requestId = await feed.next();
    if (requestId === undefined) return;
    const key = requestId.toLowerCase();
    if (pending.has(key) || have?.(requestId)) {
      tracker.skipped();
      continue;
    }
    const started = fetch(requestId).then((item) => ({ key, item }));
    // Handled here so that one left behind by an early end is no unhandled rejection.
    started.catch(() => {});
    pending.set(key, started);
  }
}
