import type { RequestsRequest } from "attestkit/schemas";
import type { DevnetRequest } from "../state/types.js";
import { decodeRequestsCursor } from "./decodeRequestsCursor.js";
import { invalidRequestsQuery } from "./invalidRequestsQuery.js";

/** Requests shown per page of `GET /requests/v3` without `limit`, as the live service. */
const defaultLimit = 20;

export type PageRequestsParameters<entry extends { key: number; request: DevnetRequest }> = {
  /** Every listed request with its sort key, in the listing's order. */
  matching: readonly entry[];
  /** The query: its `continuation` and `limit`. */
  query: Pick<RequestsRequest, "continuation" | "limit">;
  /** The order the list is sorted in, which the cursor must have been handed out for. */
  sortBy: string;
  direction: "asc" | "desc";
};

export type PageRequestsReturnType<entry> = {
  /** The requests of this page. */
  page: entry[];
  /** Whether requests follow this page (then a `continuation` is handed out). */
  hasMore: boolean;
};

/**
 * Cuts one page of `GET /requests/v3`: `limit` requests (default 20) after the request the
 * `continuation` cursor names, by key then id in the listing's direction (keyset paging: a request
 * created meanwhile never shifts a later page).
 *
 * @param parameters - {@link PageRequestsParameters}
 * @returns The page, and whether more follow. {@link PageRequestsReturnType}
 * @throws DevnetApiError 400 `INVALID_REQUEST` for a cursor of another `sortBy` / `sortDirection`, or not handed out here.
 * @example
 * const { page, hasMore } = pageRequests({ matching, query, sortBy, direction })
 */
export function pageRequests<entry extends { key: number; request: DevnetRequest }>({
  matching,
  query,
  sortBy,
  direction,
}: PageRequestsParameters<entry>): PageRequestsReturnType<entry> {
  let from = 0;
  if (query.continuation !== undefined) {
    const cursor = decodeRequestsCursor(query.continuation);
    if (cursor.sortBy !== sortBy || cursor.direction !== direction)
      throw invalidRequestsQuery(
        "continuation belongs to another sortBy / sortDirection: start again without it.",
      );
    from = matching.findIndex((entry) => {
      const order = entry.key - cursor.key || entry.request.requestId.localeCompare(cursor.id);
      return direction === "asc" ? order > 0 : order < 0;
    });
    if (from === -1) from = matching.length;
  }
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  return { page: matching.slice(from, from + limit), hasMore: from + limit < matching.length };
}
