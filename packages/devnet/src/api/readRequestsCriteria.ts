import type { RequestsRequest } from "attestkit/schemas";
import type { DevnetRequest } from "../state/types.js";
import { isTrueFlag } from "./isTrueFlag.js";
import type { FilterGroup } from "./parseFilterGroups.js";
import { sameIgnoringCase } from "./sameIgnoringCase.js";

/** The filters of a `GET /requests/v3` query, read once for every request they are matched against. */
export type RequestsCriteria = {
  /** The validated query: its one-value fields are matched as given. */
  query: RequestsRequest;
  /** The `filters` groups (OR between them). */
  groups: readonly FilterGroup[];
  /** Lowercase ids of the `id` request's children (`includeChildRequests`): they match `id` too. */
  parentIds: ReadonlySet<string>;
  /** The time the time window reads: `updatedAt` when sorted by it, else `createdAt`. */
  timeField: "createdAt" | "updatedAt";
  /** `startTimestamp` / `endTimestamp`, in ms. */
  start: number | undefined;
  end: number | undefined;
  /** `startBlock` / `endBlock`: of the request's deposit. */
  startBlock: bigint | undefined;
  endBlock: bigint | undefined;
  /** `amountUsdMin` / `amountUsdMax`: of the input, at the devnet's prices. */
  usdMin: number | undefined;
  usdMax: number | undefined;
  /** `appFeesAmountUsdMin` / `appFeesAmountUsdMax`: of the request's app fees together, at the devnet's prices. */
  appFeesUsdMin: number | undefined;
  appFeesUsdMax: number | undefined;
  /** `fillTimeMin` / `fillTimeMax`, seconds: from the deposit being seen to `success`. */
  fillTimeMin: number | undefined;
  fillTimeMax: number | undefined;
  /** The `features` asked for (comma-separated in the query). */
  features: string[] | undefined;
};

export type ReadRequestsCriteriaParameters = {
  query: RequestsRequest;
  groups: readonly FilterGroup[];
  /** Every request: the `id` request's children are looked up among them. */
  requests: readonly DevnetRequest[];
};

/**
 * Reads the filters of a `GET /requests/v3` query into numbers once: timestamps (seconds) into ms,
 * blocks into bigints, USD, app fee and fill time bounds into numbers, `features` into a list, and, with
 * `includeChildRequests`, the ids of the requests born from later payments under the `id` request
 * (`details.duplicateDeposits`), which the live service lists with their parent. Pure.
 *
 * @param parameters - {@link ReadRequestsCriteriaParameters}
 * @returns The criteria. {@link RequestsCriteria}
 * @example
 * const criteria = readRequestsCriteria({ query, groups, requests })
 */
export function readRequestsCriteria({
  query,
  groups,
  requests,
}: ReadRequestsCriteriaParameters): RequestsCriteria {
  const parentIds = new Set<string>();
  const id = query.id;
  if (id !== undefined && isTrueFlag(query.includeChildRequests)) {
    const parent = requests.find((request) => sameIgnoringCase(request.requestId, id));
    for (const child of parent?.details?.duplicateDeposits ?? []) parentIds.add(child.toLowerCase());
    // The request regenerated from it (`supersededByRequestId`) is its child too.
    if (parent?.supersededByRequestId) parentIds.add(parent.supersededByRequestId.toLowerCase());
  }
  return {
    query,
    groups,
    parentIds,
    timeField: query.sortBy === "updatedAt" ? "updatedAt" : "createdAt",
    start: query.startTimestamp === undefined ? undefined : Number(query.startTimestamp) * 1000,
    end: query.endTimestamp === undefined ? undefined : Number(query.endTimestamp) * 1000,
    startBlock: query.startBlock === undefined ? undefined : BigInt(query.startBlock),
    endBlock: query.endBlock === undefined ? undefined : BigInt(query.endBlock),
    usdMin: query.amountUsdMin === undefined ? undefined : Number(query.amountUsdMin),
    usdMax: query.amountUsdMax === undefined ? undefined : Number(query.amountUsdMax),
    appFeesUsdMin: query.appFeesAmountUsdMin === undefined ? undefined : Number(query.appFeesAmountUsdMin),
    appFeesUsdMax: query.appFeesAmountUsdMax === undefined ? undefined : Number(query.appFeesAmountUsdMax),
    fillTimeMin: query.fillTimeMin === undefined ? undefined : Number(query.fillTimeMin),
    fillTimeMax: query.fillTimeMax === undefined ? undefined : Number(query.fillTimeMax),
    features: query.features?.split(",").filter((feature) => feature !== ""),
  };
}
