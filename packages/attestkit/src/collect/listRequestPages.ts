import { getRequests } from "../client/actions/getRequests.js";
import { getRequestsV2 } from "../client/actions/getRequestsV2.js";
import type { BaseClient } from "../client/createBaseClient.js";
import type { ClientErrorType } from "../client/errors/request.js";
import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../schemas/errors.js";
import type { RequestsRequest, RequestsV2Request } from "../schemas/index.js";
import { CollectListingLoopError, type CollectListingLoopErrorType } from "./errors.js";
import type { CollectFilters } from "./types.js";

/** One page of the listing: the ids it names, in its order. */
export type RequestPage = {
  /** The request ids of the page, as listed. */
  ids: string[];
  /** Every request the filters match, when the service said (v3 `includeTotal`, first page only). */
  total?: number | undefined;
};

export type ListRequestPagesParameters = {
  /** `v3` (`GET /requests/v3`, needs an API key) or `v2` (`GET /requests/v2`, public). */
  listing: "v3" | "v2";
  filters: CollectFilters;
  /** Requests per page, 1 to 50. */
  pageSize: number;
  /**
   * Sends one page's request and returns its answer: the caller's pacing and retries around
   * `send`, which makes a single attempt.
   */
  fetchPage: <page>(request: string, send: () => Promise<page>) => Promise<page>;
};

/** What reading the listing throws: a page's failure, or a continuation that loops. */
export type ListRequestPagesErrorType =
  | CollectListingLoopErrorType
  | ClientErrorType
  | InvalidRequestErrorType
  | InvalidResponseErrorType
  | Error;

/**
 * Reads the request listing page by page, newest request first (`sortBy` `createdAt`, the
 * services' default), following `continuation` until a page comes without one; a page is asked for
 * only when the one before has been taken, so memory holds one page whatever the history's length.
 * The first v3 page asks for `includeTotal`, the count that gives a progress its end. The listing
 * is keyset-paged: a request created meanwhile lands before the first page, never shifting a later
 * one. A continuation handed back unchanged ends with `CollectListingLoopError`.
 *
 * @param client - The client; v3 needs its API key.
 * @param parameters - {@link ListRequestPagesParameters}
 * @returns The pages, in order.
 * @example
 * for await (const { ids } of listRequestPages(client, { listing: "v3", filters: { user }, pageSize: 50, fetchPage: (_, send) => send() })) console.log(ids)
 */
export async function* listRequestPages(
  client: BaseClient,
  { listing, filters, pageSize, fetchPage }: ListRequestPagesParameters,
): AsyncGenerator<RequestPage, void, undefined> {
  let continuation: string | undefined;
  for (let first = true; ; first = false) {
    const query = { ...definedFields(filters), limit: pageSize, ...(continuation ? { continuation } : {}) };
    const page =
      listing === "v3"
        ? await fetchPage("GET /requests/v3", () =>
            getRequests(client, { ...query, ...(first ? { includeTotal: true } : {}) } as RequestsRequest, {
              retry: false,
            }),
          )
        : await fetchPage("GET /requests/v2", () =>
            getRequestsV2(client, query as RequestsV2Request, { retry: false }),
          );
    const total =
      "total" in page && page.total !== undefined && page.total !== null ? Number(page.total) : undefined;
    yield {
      ids: page.requests.map((request) => request.id),
      ...(total !== undefined && Number.isSafeInteger(total) ? { total } : {}),
    };
    const next = page.continuation ?? undefined;
    if (!next) return;
    if (next === continuation) throw new CollectListingLoopError({ continuation: next });
    continuation = next;
  }
}

/** The filters that are set, without the keys left undefined (the schemas are strict). */
function definedFields(filters: CollectFilters): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) fields[name] = value;
  return fields;
}
