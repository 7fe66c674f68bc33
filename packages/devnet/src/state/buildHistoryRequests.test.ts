import { expect, test } from "vitest";
import { type BuildHistoryRequestsParameters, buildHistoryRequests } from "./buildHistoryRequests.js";

const parameters: BuildHistoryRequestsParameters = {
  count: 1002,
  seed: "history",
  endAt: 1_700_000_000_000,
  spacingMs: 1000,
  originChainId: 31337,
  destinationChainId: 31338,
  originCurrency: "0x00000000000000000000000000000000000000aa",
  destinationCurrency: "0x00000000000000000000000000000000000000bb",
  decimals: 6,
  user: undefined,
  users: 4,
  apiKey: "key",
  referrer: "app",
};

test("default: settled requests, oldest first, a second apart up to endAt, ids from the seed", () => {
  const requests = buildHistoryRequests(parameters);
  expect(requests).toHaveLength(1002);
  const [first, second] = requests;
  expect(first).toMatchObject({
    status: "success",
    history: [{ status: "success", at: 1_700_000_000_000 - 1001_000 }],
    apiKey: "key",
    referrer: "app",
    originChainId: 31337,
    destinationChainId: 31338,
    amountIn: 1_000_000n,
    amountOut: 999_000n,
    inTxHashes: [],
    txHashes: [],
    deposit: undefined,
    createdAt: 1_700_000_000_000 - 1001_000,
  });
  expect(first?.recipient).toBe(first?.user);
  expect(requests.at(-1)?.createdAt).toBe(1_700_000_000_000);
  // Amounts run from 1 to 1,000 whole units, then again.
  expect(requests[999]?.amountIn).toBe(1_000_000_000n);
  expect(requests[1000]?.amountIn).toBe(1_000_000n);
  // Four users in turn, distinct ids, and the same seed gives the same history.
  expect(new Set(requests.map((request) => request.user)).size).toBe(4);
  expect(second?.user).not.toBe(first?.user);
  expect(new Set(requests.map((request) => request.requestId)).size).toBe(1002);
  expect(buildHistoryRequests({ ...parameters, count: 2 }).map((r) => r.requestId)).toEqual(
    requests.slice(0, 2).map((r) => r.requestId),
  );
  expect(buildHistoryRequests({ ...parameters, seed: "other", count: 1 })[0]?.requestId).not.toBe(
    first?.requestId,
  );
});

test("one user for all when given", () => {
  const user = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const requests = buildHistoryRequests({ ...parameters, count: 10, user });
  expect(new Set(requests.map((request) => request.user))).toEqual(new Set([user]));
});
