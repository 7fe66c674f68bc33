import type { Address } from "viem";
import type * as z from "zod";
import type { RequestsRequest } from "../../schemas/index.js";
import type { responseSchemas } from "../../schemas/responses.js";
import { DevnetApiError } from "../errors.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { toUsd } from "./renderAmount.js";
import { renderRequestRecord, requestTransactions, requestTypeOf } from "./renderRequestRecord.js";

export type HandleRequestsParameters = {
  requests: readonly DevnetRequest[];
  /** The validated query. */
  query: RequestsRequest;
  /** The caller's `x-api-key` (required unless `requireApiKey` is false). */
  apiKey: string | undefined;
  /** `GET /requests/v3` needs an API key (401 without); `/requests/v2` does not. Default true. */
  requireApiKey?: boolean | undefined;
  currencies: readonly DevnetCurrency[];
  depositoryOf: (chainId: number) => Address | undefined;
  solver: Address;
  url: string;
};

type Field = (typeof matchableFields)[number];

/** Fields that match one value each; usable at the top level and inside `filters` groups. */
const matchableFields = [
  "term",
  "id",
  "orderId",
  "depositTxHash",
  "fillTxHash",
  "refundTxHash",
  "user",
  "depositAddress",
  "recipient",
  "originChainId",
  "destinationChainId",
  "chainId",
  "status",
  "failReason",
  "refundFailReason",
  "apiKey",
  "referrer",
  "requestType",
  "currencyInChainId",
  "currencyOutChainId",
  "currencyInAddress",
  "currencyOutAddress",
  "currencyInSymbol",
  "currencyOutSymbol",
] as const;

/** Parameters the devnet has no data for: refused as not simulated, never silently ignored. */
const notSimulated = ["appFeesAmountUsdMin", "appFeesAmountUsdMax", "fillTimeMin", "fillTimeMax"] as const;

const defaultLimit = 20;

/**
 * Answers `GET /requests/v3` like the live service: the `x-api-key` header is required (401
 * without it); every filter combines with AND (`filters` adds OR groups of them, `not:` negates,
 * an array value is an OR); sorted by `createdAt` (default), `updatedAt` or `amountUsd`, newest
 * first for times; pages of `limit` (default 20, at most 50) chained by the opaque `continuation`
 * cursor (keyset: a request created meanwhile never shifts a later page); `total` with
 * `includeTotal`. A `referrer` filter needs the `apiKey` parameter naming only the caller's own key
 * (400 without, 403 with another's); `data.referrer` is returned only with
 * `includeAuthenticatedData` and only for the caller's requests. Fee-based filters the devnet keeps
 * no data for answer 400 `NOT_SIMULATED`.
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
}: HandleRequestsParameters) {
  if (!apiKey && requireApiKey)
    throw new DevnetApiError({
      status: 401,
      errorCode: "UNAUTHORIZED",
      message: "GET /requests/v3 needs an API key in the x-api-key header.",
    });
  for (const name of notSimulated)
    if (query[name] !== undefined)
      throw new DevnetApiError({
        status: 400,
        errorCode: "NOT_SIMULATED",
        message: `${name} is not simulated by the devnet (it records no app fees or fill times per request).`,
      });
  if (query.referrer !== undefined) checkReferrerAccess(query.apiKey, apiKey ?? "");
  const groups = parseFilterGroups(query.filters);
  if (groups.some((group) => group.some(({ field }) => field === "referrer")))
    checkReferrerAccess(query.apiKey, apiKey ?? "");

  const currencyOf = (chainId: number, address: Address) =>
    currencies.find(
      (currency) => currency.chainId === chainId && currency.address.toLowerCase() === address.toLowerCase(),
    );
  const facts = (request: DevnetRequest) => {
    const currencyIn = currencyOf(request.originChainId, request.originCurrency);
    const currencyOut = currencyOf(request.destinationChainId, request.destinationCurrency);
    return { request, currencyIn, currencyOut, transactions: requestTransactions(request) };
  };

  const sortBy = query.sortBy ?? "createdAt";
  const direction = query.sortDirection ?? (sortBy === "amountUsd" ? "asc" : "desc");
  const keyOf = (request: DevnetRequest, currencyIn: DevnetCurrency | undefined): number =>
    sortBy === "createdAt"
      ? request.createdAt
      : sortBy === "updatedAt"
        ? request.updatedAt
        : currencyIn
          ? Number(toUsd({ currency: currencyIn, amount: request.amountIn }))
          : 0;

  const timeField = sortBy === "updatedAt" ? "updatedAt" : "createdAt";
  const start = query.startTimestamp === undefined ? undefined : Number(query.startTimestamp) * 1000;
  const end = query.endTimestamp === undefined ? undefined : Number(query.endTimestamp) * 1000;
  const startBlock = query.startBlock === undefined ? undefined : BigInt(query.startBlock);
  const endBlock = query.endBlock === undefined ? undefined : BigInt(query.endBlock);
  const usdMin = query.amountUsdMin === undefined ? undefined : Number(query.amountUsdMin);
  const usdMax = query.amountUsdMax === undefined ? undefined : Number(query.amountUsdMax);
  const features = query.features?.split(",").filter((feature) => feature !== "");

  const parentIds = new Set<string>();
  if (query.id !== undefined && isTrue(query.includeChildRequests)) {
    const parent = requests.find((request) => same(request.requestId, query.id as string));
    for (const child of (parent?.details?.duplicateDeposits as string[] | undefined) ?? [])
      parentIds.add(child.toLowerCase());
  }

  const matching = requests
    .map(facts)
    .filter((entry) => {
      const { request, currencyIn } = entry;
      for (const field of matchableFields) {
        const value = query[field];
        if (value === undefined) continue;
        // chainId covers either direction unless originChainId / destinationChainId are given.
        if (
          field === "chainId" &&
          (query.originChainId !== undefined || query.destinationChainId !== undefined)
        )
          continue;
        if (field === "id" && parentIds.has(request.requestId.toLowerCase())) continue;
        if (!matches(entry, field, String(value))) return false;
      }
      const time = request[timeField];
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
      // No devnet request has any feature (gasless, fast fill, app fees, deposit address, ...).
      if (features !== undefined && features.length > 0) return false;
      if (groups.length > 0 && !groups.some((group) => matchesGroup(entry, group))) return false;
      return true;
    })
    .map((entry) => ({ ...entry, key: keyOf(entry.request, entry.currencyIn) }))
    .sort((a, b) => {
      const order = a.key - b.key || a.request.requestId.localeCompare(b.request.requestId);
      return direction === "asc" ? order : -order;
    });

  let from = 0;
  if (query.continuation !== undefined) {
    const cursor = decodeCursor(query.continuation);
    if (cursor.sortBy !== sortBy || cursor.direction !== direction)
      throw new DevnetApiError({
        status: 400,
        errorCode: "INVALID_REQUEST",
        message: "continuation belongs to another sortBy / sortDirection: start again without it.",
      });
    const after = (entry: { key: number; request: DevnetRequest }) => {
      const order = entry.key - cursor.key || entry.request.requestId.localeCompare(cursor.id);
      return direction === "asc" ? order > 0 : order < 0;
    };
    from = matching.findIndex(after);
    if (from === -1) from = matching.length;
  }
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  const page = matching.slice(from, from + limit);
  const last = page.at(-1);
  const hasMore = from + limit < matching.length;
  const includeAuthenticated = isTrue(query.includeAuthenticatedData);
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
      ? { continuation: encodeCursor({ sortBy, direction, key: last.key, id: last.request.requestId }) }
      : {}),
    ...(isTrue(query.includeTotal) ? { total: matching.length } : {}),
  } satisfies z.input<typeof responseSchemas.requests>;
}

type Entry = {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  currencyOut: DevnetCurrency | undefined;
  transactions: ReturnType<typeof requestTransactions>;
};

function same(a: string | null | undefined, b: string): boolean {
  return typeof a === "string" && a.toLowerCase() === b.toLowerCase();
}

function isTrue(flag: boolean | "true" | "false" | undefined): boolean {
  return flag === true || flag === "true";
}

/** Whether one field of a request matches one value (addresses and hashes case-insensitively). */
function matches(entry: Entry, field: Field, value: string): boolean {
  const { request, currencyIn, currencyOut, transactions } = entry;
  const deposits = transactions.deposits.map((tx) => tx.txHash as string);
  const fills = transactions.fills.map((tx) => tx.txHash as string);
  const refunds = transactions.refunds.map((tx) => tx.txHash as string);
  switch (field) {
    case "term":
      return [
        request.requestId,
        request.orderId,
        request.user,
        request.recipient,
        request.deposit?.from,
        ...deposits,
        ...fills,
        ...refunds,
      ].some((candidate) => same(candidate, value));
    case "id":
      return same(request.requestId, value);
    case "orderId":
      return same(request.orderId, value);
    case "depositTxHash":
      return deposits.some((hash) => same(hash, value));
    case "fillTxHash":
      return fills.some((hash) => same(hash, value));
    case "refundTxHash":
      return refunds.some((hash) => same(hash, value));
    case "user":
      return same(request.user, value) || same(request.deposit?.from, value);
    case "depositAddress":
      return same(request.depositAddress?.address, value);
    case "recipient":
      return same(request.recipient, value);
    case "originChainId":
      return String(request.originChainId) === value;
    case "destinationChainId":
      return String(request.destinationChainId) === value;
    case "chainId":
      return String(request.originChainId) === value || String(request.destinationChainId) === value;
    case "status":
      return request.status === value;
    case "failReason":
      return request.failReason === value;
    case "refundFailReason":
      return request.refundFailReason === value;
    case "apiKey":
      return value.split(",").some((key) => key !== "" && request.apiKey === key);
    case "referrer":
      return request.referrer === value;
    case "requestType":
      return requestTypeOf({ request, currencyIn, currencyOut }).toLowerCase() === value.toLowerCase();
    case "currencyInChainId":
      return String(request.originChainId) === value;
    case "currencyOutChainId":
      return String(request.destinationChainId) === value;
    case "currencyInAddress":
      return same(request.originCurrency, value);
    case "currencyOutAddress":
      return same(request.destinationCurrency, value);
    case "currencyInSymbol":
      return same(currencyIn?.symbol, value);
    case "currencyOutSymbol":
      return same(currencyOut?.symbol, value);
  }
}

type Group = { field: Field; negate: boolean; values: string[] }[];

function matchesGroup(entry: Entry, group: Group): boolean {
  return group.every(({ field, negate, values }) => {
    const any = values.some((value) => matches(entry, field, value));
    return negate ? !any : any;
  });
}

/** `filters`: a JSON array of groups (objects of field -> value or array of values, `not:` negates). */
function parseFilterGroups(filters: string | undefined): Group[] {
  if (filters === undefined) return [];
  const invalid = (message: string): never => {
    throw new DevnetApiError({ status: 400, errorCode: "INVALID_REQUEST", message: `filters: ${message}` });
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(filters);
  } catch {
    return invalid("must be a JSON array of filter groups.");
  }
  if (!Array.isArray(parsed)) return invalid("must be a JSON array of filter groups.");
  return parsed.map((group, index) => {
    if (group === null || typeof group !== "object" || Array.isArray(group))
      return invalid(`group ${index} must be an object of field to value.`);
    return Object.entries(group as Record<string, unknown>).map(([key, raw]) => {
      const negate = key.startsWith("not:");
      const field = (negate ? key.slice(4) : key) as Field;
      if (!(matchableFields as readonly string[]).includes(field) || field === "term")
        return invalid(`group ${index}: ${key} cannot be used in a filter group.`);
      const values = Array.isArray(raw) ? raw : [raw];
      if (
        values.length === 0 ||
        values.some((value) => typeof value !== "string" && typeof value !== "number")
      )
        return invalid(`group ${index}: ${key} must be a string, a number or an array of them.`);
      return { field, negate, values: values.map(String) };
    });
  });
}

/**
 * A referrer filter is allowed only with the `apiKey` parameter naming the caller's own key (a
 * referrer is guessable): 400 without it, 403 naming another key.
 */
function checkReferrerAccess(apiKeys: string | undefined, callerKey: string) {
  if (apiKeys === undefined || apiKeys === "")
    throw new DevnetApiError({
      status: 400,
      errorCode: "INVALID_REQUEST",
      message: "A referrer filter needs the apiKey parameter (your own API key).",
    });
  if (apiKeys.split(",").some((key) => key !== callerKey))
    throw new DevnetApiError({
      status: 403,
      errorCode: "FORBIDDEN",
      message: "A referrer filter may only name your own API key in apiKey.",
    });
}

type Cursor = { sortBy: string; direction: string; key: number; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sortBy, cursor.direction, cursor.key, cursor.id])).toString(
    "base64url",
  );
}

function decodeCursor(continuation: string): Cursor {
  try {
    const [sortBy, direction, key, id] = JSON.parse(Buffer.from(continuation, "base64url").toString("utf8"));
    if (
      typeof sortBy === "string" &&
      typeof direction === "string" &&
      typeof key === "number" &&
      Number.isFinite(key) &&
      typeof id === "string"
    )
      return { sortBy, direction, key, id };
  } catch {}
  throw new DevnetApiError({
    status: 400,
    errorCode: "INVALID_REQUEST",
    message: "continuation is not a cursor this service handed out.",
  });
}
