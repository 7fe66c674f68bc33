import { matchesFilterGroup } from "./matchesFilterGroup.js";
import { matchesRequestField } from "./matchesRequestField.js";
import type { RequestsCriteria } from "./readRequestsCriteria.js";
import { toUsd } from "./renderAmount.js";
import { requestAppFeesUsd } from "./requestAppFeesUsd.js";
import { requestFillSeconds } from "./requestFillSeconds.js";
import { requestFilterFields } from "./requestFilterFields.js";
import type { RequestEntry } from "./toRequestEntry.js";

/**
 * Whether a request is listed by a `GET /requests/v3` query, as the live service selects: every
 * one-value field matches (AND; `chainId` only when neither `originChainId` nor
 * `destinationChainId` is given; the `id` request's children match `id`), the time lies in the
 * window, the deposit's block in the block range (a request without a deposit is out of any
 * range), the input's USD value, the app fees' USD value (`requestAppFeesUsd`) and the fill time
 * (`requestFillSeconds`; a request not filled is out of any fill time bound) within the bounds, no `features` are asked for (no devnet request
 * has any), and, with `filters`, some group matches. Pure.
 *
 * @param entry - The request and what is read of it. {@link RequestEntry}
 * @param criteria - The query's filters. {@link RequestsCriteria}
 * @returns True when the request is listed.
 * @example
 * entries.filter((entry) => matchesRequestsQuery(entry, criteria))
 */
export function matchesRequestsQuery(entry: RequestEntry, criteria: RequestsCriteria): boolean {
  const { request, currencyIn } = entry;
  const { query, start, end, startBlock, endBlock, usdMin, usdMax, features, groups } = criteria;
  for (const field of requestFilterFields) {
    const value = query[field];
    if (value === undefined) continue;
    if (field === "chainId" && (query.originChainId !== undefined || query.destinationChainId !== undefined))
      continue;
    if (field === "id" && criteria.parentIds.has(request.requestId.toLowerCase())) continue;
    if (!matchesRequestField(entry, field, String(value))) return false;
  }
  const time = request[criteria.timeField];
  if (start !== undefined && time < start) return false;
  if (end !== undefined && time > end) return false;
  if (startBlock !== undefined || endBlock !== undefined) {
    const block = request.deposit?.blockNumber;
    if (block === undefined) return false;
    if (startBlock !== undefined && block < startBlock) return false;
    if (endBlock !== undefined && block > endBlock) return false;
  }
  if (usdMin !== undefined || usdMax !== undefined) {
    const usd = currencyIn ? Number(toUsd({ currency: currencyIn, amount: request.amountIn })) : 0;
    if (usdMin !== undefined && usd < usdMin) return false;
    if (usdMax !== undefined && usd > usdMax) return false;
  }
  if (!withinBounds(criteria.appFeesUsdMin, criteria.appFeesUsdMax, () => requestAppFeesUsd(entry)))
    return false;
  if (!withinBounds(criteria.fillTimeMin, criteria.fillTimeMax, () => requestFillSeconds(request)))
    return false;
  if (features !== undefined && features.length > 0) return false;
  if (groups.length > 0 && !groups.some((group) => matchesFilterGroup(entry, group))) return false;
  return true;
}

/** Whether a value lies within optional bounds (read only when a bound is given); an absent value lies within none. */
function withinBounds(
  min: number | undefined,
  max: number | undefined,
  read: () => number | undefined,
): boolean {
  if (min === undefined && max === undefined) return true;
  const value = read();
  if (value === undefined) return false;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}
