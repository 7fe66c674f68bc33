import type { RequestsRequest, responseSchemas } from "attestkit/schemas";
import type { Address } from "viem";
import type * as z from "zod";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { checkRequestsQuery } from "./checkRequestsQuery.js";
import { encodeRequestsCursor } from "./encodeRequestsCursor.js";
import { isTrueFlag } from "./isTrueFlag.js";
import { matchesRequestsQuery } from "./matchesRequestsQuery.js";
import { pageRequests } from "./pageRequests.js";
import { readRequestsCriteria } from "./readRequestsCriteria.js";
import { renderRequestRecord } from "./renderRequestRecord.js";
import { requestsSortKey } from "./requestsSortKey.js";
import { toRequestEntry } from "./toRequestEntry.js";

export type HandleRequestsParameters = {
  requests: readonly DevnetRequest[];
  /** The validated query. */
  query: RequestsRequest;
  /** The caller's `x-api-key` (required unless `requireApiKey` is false). */
  apiKey: string | undefined;
  /** `GET /requests/v3` needs an API key (401 without); `/requests/v2` does not. Default true. */
  requireApiKey?: boolean | undefined;
  /** A condition of the caller's, ANDed with the query's (`/requests/v2`'s `user`). Default: none. */
  where?: ((request: DevnetRequest) => boolean) | undefined;
  currencies: readonly DevnetCurrency[];
  depositoryOf: (chainId: number) => Address | undefined;
  solver: Address;
  url: string;
};

/**
 * Answers `GET /requests/v3` like the live service: the `x-api-key` header is required (401
 * without it); every filter combines with AND (`filters` adds OR groups of them, `not:` negates,
 * an array value is an OR); sorted by `createdAt` (default), `updatedAt` or `amountUsd`, newest
 * first for times; pages of `limit` (default 20, at most 50) chained by the opaque `continuation`
 * cursor (keyset: a request created meanwhile never shifts a later page); `total` with
 * `includeTotal`. A `referrer` filter needs the `apiKey` parameter naming only the caller's own key
 * (400 without, 403 with another's); `data.referrer` is returned only with
 * `includeAuthenticatedData` and only for the caller's requests. `appFeesAmountUsdMin`/`Max` bound
 * the request's app fees in USD, `fillTimeMin`/`Max` its fill time in seconds (`matchesRequestsQuery`);
 * each entry's `data` carries the fees, app fees and sponsorship the quote charged (`renderRequestData`).
 *
 * @param parameters - {@link HandleRequestsParameters}
 * @returns `{ requests, continuation?, total? }`.
 * @example
 * c.json(handleRequests({ requests: store.all(), query, apiKey, currencies, depositoryOf, solver, url }))
 */
export function handleRequests({
  requests,
  query,
  apiKey,
  currencies,
  depositoryOf,
  solver,
  url,
  requireApiKey = true,
  where,
}: HandleRequestsParameters) {
  const groups = checkRequestsQuery({ query, apiKey, requireApiKey });
  const criteria = readRequestsCriteria({ query, groups, requests });
  const sortBy = query.sortBy ?? "createdAt";
  const direction = query.sortDirection ?? (sortBy === "amountUsd" ? "asc" : "desc");
  const matching = requests
    .map((request) => toRequestEntry(request, currencies))
    .filter((entry) => (where?.(entry.request) ?? true) && matchesRequestsQuery(entry, criteria))
    .map((entry) => ({ ...entry, key: requestsSortKey({ ...entry, sortBy }) }))
    .sort((a, b) => {
      const order = a.key - b.key || a.request.requestId.localeCompare(b.request.requestId);
      return direction === "asc" ? order : -order;
    });
  const { page, hasMore } = pageRequests({ matching, query, sortBy, direction });
  const last = page.at(-1);
  const includeAuthenticated = isTrueFlag(query.includeAuthenticatedData);
  return {
    requests: page.map(({ request }) =>
      renderRequestRecord({
        request,
        currencies,
        depositoryOf,
        solver,
        url,
        authenticated: includeAuthenticated && request.apiKey === apiKey,
      }),
    ),
    ...(hasMore && last
      ? {
          continuation: encodeRequestsCursor({
            sortBy,
            direction,
            key: last.key,
            id: last.request.requestId,
          }),
        }
      : {}),
    ...(isTrueFlag(query.includeTotal) ? { total: matching.length } : {}),
  } satisfies z.input<typeof responseSchemas.requests>;
}
