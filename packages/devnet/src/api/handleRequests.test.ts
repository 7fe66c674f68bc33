import type { Hex } from "viem";
import { expect, test } from "vitest";
import { apiUrl, currencies, depository, solver, thrown } from "../../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import type { RequestsRequest } from "../../../attestkit/src/schemas/index.js";
import type { DevnetRequest } from "../state/types.js";
import { handleRequests } from "./handleRequests.js";

const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;

/** Three requests a minute apart (1 oldest), of 1, 2 and 3 ETH; the second by another API key and referrer. */
const requests: DevnetRequest[] = [1, 2, 3].map((n) =>
  quotedRequest({
    requestId: id(n),
    createdAt: n * 60_000,
    updatedAt: (4 - n) * 60_000,
    amountIn: BigInt(n) * 10n ** 18n,
    status: n === 3 ? "success" : "waiting",
    ...(n === 2 ? { apiKey: "other", referrer: "elsewhere" } : {}),
  }),
);

/** The caller's key is "key" unless told; null for none. */
const list = (query: RequestsRequest, apiKey: string | null = "key") =>
  handleRequests({
    requests,
    query,
    apiKey: apiKey ?? undefined,
    currencies,
    depositoryOf: () => depository,
    solver: solver.address,
    url: apiUrl,
  });
const ids = (query: RequestsRequest, apiKey?: string) => list(query, apiKey).requests.map((r) => r.id);

test("default: every request, newest first, without continuation or total", () => {
  const answer = list({});
  expect(answer.requests.map((r) => r.id)).toEqual([id(3), id(2), id(1)]);
  expect(answer).not.toHaveProperty("continuation");
  expect(answer).not.toHaveProperty("total");
});

test("no API key: 401 UNAUTHORIZED", async () => {
  expect(await thrown(() => list({}, null))).toMatchObject({
    status: 401,
    body: { errorCode: "UNAUTHORIZED" },
  });
  expect(await thrown(() => list({}, ""))).toMatchObject({ status: 401 });
});

test("appFeesAmountUsd* bound the app fees in USD; fillTime* the seconds from the deposit to success", () => {
  const fees = { relayerService: 0n, relayerGas: 0n, subsidized: 0n, sponsored: [] };
  const charged = quotedRequest({
    requestId: id(7),
    status: "success",
    amountIn: 10n ** 18n,
    // 1 % of 1 ETH at $3,000: $30.
    quotedFees: { ...fees, app: 10n ** 16n },
    history: [
      { status: "waiting", at: 0 },
      { status: "pending", at: 10_000 },
      { status: "success", at: 12_500 },
    ],
  });
  const unfilled = quotedRequest({ requestId: id(8), quotedFees: { ...fees, app: 0n } });
  const ids = (query: RequestsRequest) =>
    handleRequests({ ...base, requests: [charged, unfilled], query }).requests.map((r) => r.id);
  const base = {
    apiKey: "key",
    currencies,
    depositoryOf: () => depository,
    solver: solver.address,
    url: apiUrl,
  };
  expect(ids({ appFeesAmountUsdMin: 30 })).toEqual([id(7)]);
  expect(ids({ appFeesAmountUsdMin: "30.01" })).toEqual([]);
  expect(ids({ appFeesAmountUsdMax: 29 })).toEqual([id(8)]);
  expect(ids({ fillTimeMin: 2, fillTimeMax: 3 })).toEqual([id(7)]);
  expect(ids({ fillTimeMin: 3 })).toEqual([]);
  expect(ids({ fillTimeMax: 100 })).toEqual([id(7)]);
});

test("fields match one value each: status, id, apiKey list, chainId either way, user in any case", () => {
  expect(ids({ status: "success" })).toEqual([id(3)]);
  expect(ids({ id: id(2) })).toEqual([id(2)]);
  expect(ids({ apiKey: "other,nobody" })).toEqual([id(2)]);
  expect(ids({ chainId: 31338 })).toEqual([id(3), id(2), id(1)]);
  expect(ids({ chainId: 1 })).toEqual([]);
  // chainId is ignored once originChainId or destinationChainId is given.
  expect(ids({ chainId: 1, originChainId: 31337 })).toEqual([id(3), id(2), id(1)]);
  expect(ids({ user: "0x000000000000000000000000000000000000A5E1" })).toEqual([id(3), id(2), id(1)]);
  expect(ids({ requestType: "bridge" })).toEqual([id(3), id(2), id(1)]);
  expect(ids({ currencyInSymbol: "usdc" })).toEqual([]);
  // No devnet request has a feature.
  expect(ids({ features: "gasless" })).toEqual([]);
  expect(ids({ features: "" })).toHaveLength(3);
});

test("time and amount ranges are inclusive at both ends", () => {
  expect(ids({ startTimestamp: 120, endTimestamp: 180 })).toEqual([id(3), id(2)]);
  expect(ids({ startTimestamp: 121 })).toEqual([id(3)]);
  expect(ids({ amountUsdMin: 3000, amountUsdMax: 6000 })).toEqual([id(2), id(1)]);
  // Without an indexed deposit there is no block to compare.
  expect(ids({ startBlock: 0 })).toEqual([]);
});

test("sortBy and sortDirection; amountUsd sorts ascending by default", () => {
  expect(ids({ sortBy: "updatedAt" })).toEqual([id(1), id(2), id(3)]);
  expect(ids({ sortDirection: "asc" })).toEqual([id(1), id(2), id(3)]);
  expect(ids({ sortBy: "amountUsd" })).toEqual([id(1), id(2), id(3)]);
});

test("pages: limit, a continuation that resumes after the last one, the total on request", () => {
  const first = list({ limit: 2, includeTotal: "true" });
  expect(first.requests.map((r) => r.id)).toEqual([id(3), id(2)]);
  expect(first.total).toBe(3);
  const second = list({ limit: 2, continuation: first.continuation as string });
  expect(second.requests.map((r) => r.id)).toEqual([id(1)]);
  expect(second).not.toHaveProperty("continuation");
  // Exactly one full page: no continuation.
  expect(list({ limit: 3 })).not.toHaveProperty("continuation");
});

test("a continuation of another sort, or one the service did not hand out: 400 INVALID_REQUEST", async () => {
  const { continuation } = list({ limit: 1 });
  expect(
    await thrown(() => list({ continuation: continuation as string, sortDirection: "asc" })),
  ).toMatchObject({
    status: 400,
    body: { errorCode: "INVALID_REQUEST" },
  });
  for (const bad of ["nope", Buffer.from("[1,2,3]").toString("base64url")])
    expect(await thrown(() => list({ continuation: bad }))).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST" },
    });
});

test("filters: groups OR-ed, fields in a group AND-ed, not: negates; malformed groups are 400", async () => {
  expect(ids({ filters: JSON.stringify([{ status: "success" }, { id: id(1) }]) })).toEqual([id(3), id(1)]);
  expect(ids({ filters: JSON.stringify([{ "not:status": ["success"], originChainId: 31337 }]) })).toEqual([
    id(2),
    id(1),
  ]);
  for (const filters of [
    "{",
    "{}",
    "[1]",
    '[{"term":"x"}]',
    '[{"nope":"x"}]',
    '[{"status":[]}]',
    '[{"status":true}]',
  ])
    expect(await thrown(() => list({ filters }))).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST" },
    });
});

test("a referrer filter needs apiKey naming the caller's own key: 400 without, 403 with another", async () => {
  expect(await thrown(() => list({ referrer: "app" }))).toMatchObject({ status: 400 });
  expect(await thrown(() => list({ referrer: "app", apiKey: "key,other" }))).toMatchObject({
    status: 403,
    body: { errorCode: "FORBIDDEN" },
  });
  expect(await thrown(() => list({ filters: JSON.stringify([{ referrer: "app" }]) }))).toMatchObject({
    status: 400,
  });
  expect(ids({ referrer: "app", apiKey: "key" })).toEqual([id(3), id(1)]);
});

test("authenticated data (the referrer) only for the caller's own requests", () => {
  const [third, second] = list({ includeAuthenticatedData: true }).requests;
  expect(third?.data).toHaveProperty("referrer", "app");
  expect(second?.data).not.toHaveProperty("referrer");
});

test("includeChildRequests: an id also lists the requests of its duplicate deposits", () => {
  const parent = quotedRequest({ requestId: id(9), details: { duplicateDeposits: [id(1)] } });
  const answer = handleRequests({
    requests: [...requests, parent],
    query: { id: id(9), includeChildRequests: true },
    apiKey: "key",
    currencies,
    depositoryOf: () => depository,
    solver: solver.address,
    url: apiUrl,
  });
  expect(answer.requests.map((r) => r.id)).toEqual([parent.requestId, id(1)]);
});
