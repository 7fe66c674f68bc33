import type { CollectRetry } from "./callPaced.js";
import type { RequestPage } from "./listRequestPages.js";
import type { CollectAttestationsItem, CollectProgress } from "./types.js";

/** Where a collection stands, kept and told as it moves. */
export type CollectProgressTracker = {
  /** The current figures (a copy is what `onProgress` gets). */
  progress: CollectProgress;
  /** A page was read. */
  page: (page: RequestPage) => void;
  /** The listing has no more pages. */
  listingDone: () => void;
  /** A listed request was passed over (collected before, or already on its way). */
  skipped: () => void;
  /** An item is about to be yielded. */
  item: (item: CollectAttestationsItem) => void;
  /** A request is to be tried again. */
  retry: (retry: CollectRetry) => void;
};

/**
 * Counts a collection's pages, listed, skipped, collected and unavailable requests, retries and
 * 429s, and the requests sent in all (pages, attestations, retries), telling `onProgress` after
 * each change but retries (which `onRetry` hears of).
 *
 * @param onProgress - Told a copy of the figures after each change.
 * @returns The tracker. {@link CollectProgressTracker}
 * @example
 * const tracker = createCollectProgress(parameters.onProgress)
 */
export function createCollectProgress(
  onProgress: ((progress: CollectProgress) => void) | undefined,
): CollectProgressTracker {
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
  return {
    progress,
    page: ({ ids, total }) => {
      progress.pages++;
      progress.listed += ids.length;
      if (total !== undefined) progress.total = total;
      report();
    },
    listingDone: () => {
      progress.listingDone = true;
      report();
    },
    skipped: () => {
      progress.skipped++;
      report();
    },
    item: (item) => {
      if (item.type === "attestation") progress.collected++;
      else progress.unavailable++;
      report();
    },
    retry: ({ rateLimited }) => {
      progress.retries++;
      if (rateLimited) progress.rateLimited++;
    },
  };
}
