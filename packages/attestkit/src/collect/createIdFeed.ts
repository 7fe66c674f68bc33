import type { CollectProgressTracker } from "./createCollectProgress.js";
import type { RequestPage } from "./listRequestPages.js";

/** The listed request ids, one at a time. */
export type IdFeed = {
  /** The next listed id, or undefined once the listing has no more. */
  next: () => Promise<string | undefined>;
};

/**
 * Hands out a listing's ids one at a time, reading one page ahead so that the requests never wait
 * for the listing (a page costs the service more than an attestation): at most two pages are held.
 * Each page read and the listing's end are told to the tracker.
 *
 * @param pages - The listing (`listRequestPages`).
 * @param tracker - Told of each page and of the end. {@link CollectProgressTracker}
 * @returns The feed. {@link IdFeed}
 * @example
 * const feed = createIdFeed(listRequestPages(client, options), tracker)
 * for (let id = await feed.next(); id !== undefined; id = await feed.next()) console.log(id)
 */
export function createIdFeed(
  pages: AsyncGenerator<RequestPage, void, undefined>,
  tracker: Pick<CollectProgressTracker, "page" | "listingDone">,
): IdFeed {
  const read = () => {
    const page = pages.next();
    // A page read ahead and never awaited (the run ended first) is no unhandled rejection.
    page.catch(() => {});
    return page;
  };
  let upcoming = read();
  let ids: string[] = [];
  let done = false;
  return {
    async next() {
      while (ids.length === 0) {
        if (done) return undefined;
        const page = await upcoming;
        if (page.done) {
          done = true;
          tracker.listingDone();
          return undefined;
        }
        upcoming = read();
        ids = page.value.ids;
        tracker.page(page.value);
      }
      return ids.shift();
    },
  };
}
