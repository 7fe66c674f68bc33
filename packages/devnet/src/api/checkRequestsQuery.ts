import type { RequestsRequest } from "attestkit/schemas";
import { DevnetApiError } from "../errors.js";
import { checkReferrerAccess } from "./checkReferrerAccess.js";
import { type FilterGroup, parseFilterGroups } from "./parseFilterGroups.js";

export type CheckRequestsQueryParameters = {
  /** The validated query. */
  query: RequestsRequest;
  /** The caller's `x-api-key`. */
  apiKey: string | undefined;
  /** Whether the listing needs an API key (`/requests/v3` does, `/requests/v2` does not). */
  requireApiKey: boolean;
};

/**
 * Checks what `GET /requests/v3` refuses before it lists anything, in this order, as the live
 * service does: no API key (when one is required); a `referrer` filter, at the top level or in a `filters`
 * group, without the caller's own key in `apiKey` (`checkReferrerAccess`); `filters` that do not
 * parse (`parseFilterGroups`).
 *
 * @param parameters - {@link CheckRequestsQueryParameters}
 * @returns The `filters` groups. {@link FilterGroup}
 * @throws DevnetApiError 401 `UNAUTHORIZED`, 400 `INVALID_REQUEST`, 403 `FORBIDDEN`.
 * @example
 * const groups = checkRequestsQuery({ query, apiKey, requireApiKey: true })
 */
export function checkRequestsQuery({
  query,
  apiKey,
  requireApiKey,
}: CheckRequestsQueryParameters): FilterGroup[] {
  if (!apiKey && requireApiKey)
    throw new DevnetApiError({
      status: 401,
      errorCode: "UNAUTHORIZED",
      message: "GET /requests/v3 needs an API key in the x-api-key header.",
    });
  if (query.referrer !== undefined) checkReferrerAccess(query.apiKey, apiKey ?? "");
  const groups = parseFilterGroups(query.filters);
  if (groups.some((group) => group.some(({ field }) => field === "referrer")))
    checkReferrerAccess(query.apiKey, apiKey ?? "");
  return groups;
}
