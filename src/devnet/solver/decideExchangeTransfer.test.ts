import { expect, test } from "vitest";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { DevnetRequest } from "../state/types.js";
import { decideExchangeTransfer } from "./decideExchangeTransfer.js";

const requestId = `0x${"22".repeat(32)}` as const;
const request = (overrides: Partial<DevnetRequest> = {}): DevnetRequest => ({
  ...createDevnetRequest({
    requestId,
    status: "waiting",
    apiKey: undefined,
    referrer: null,
    originChainId: 3586256,
    destinationChainId: 31338,
    user: "1001" as `0x${string}`,
    recipient: "0x00000000000000000000000000000000000000aa",
    refundTo: "1001" as `0x${string}`,
    originCurrency: "0" as `0x${string}`,
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amountIn: 1_000_000n,
    amountOut: 1n,
    createdAt: 0,
    expiresAt: 10_000,
  }),
  ...overrides,
});
const transfer = { toAccountIndex: 1000, assetIndex: 0, amount: 1_000_000n, memo: requestId };
const base = { transfer, relayerAccountIndex: 1000, chainId: 3586256, assetIndex: 0, now: 5_000 };

test("the table of cases", () => {
  const cases: [Parameters<typeof decideExchangeTransfer>[0], unknown][] = [
    [{ ...base, transfer: { ...transfer, toAccountIndex: 1001 }, request: request() }, { type: "ignore" }],
    [{ ...base, transfer: { ...transfer, memo: null }, request: request() }, { type: "ignore" }],
    [{ ...base, request: undefined }, { type: "ignore" }],
    [{ ...base, request: request({ originChainId: 31337 }) }, { type: "ignore" }],
    [{ ...base, request: request({ status: "pending" }) }, { type: "ignore" }],
    [
      { ...base, now: 10_001, request: request() },
      { type: "refund", failReason: "TTL_EXPIRED" },
    ],
    [
      { ...base, transfer: { ...transfer, amount: 999_999n }, request: request() },
      { type: "refund", failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" },
    ],
    [
      { ...base, transfer: { ...transfer, assetIndex: 1 }, request: request() },
      { type: "refund", failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" },
    ],
    [
      { ...base, request: request() },
      { type: "fill", requestId, excess: 0n },
    ],
    [
      { ...base, transfer: { ...transfer, amount: 1_000_007n }, request: request() },
      { type: "fill", excess: 7n },
    ],
    [{ ...base, now: 10_000, request: request() }, { type: "fill" }],
  ];
  for (const [parameters, expected] of cases)
    expect({ parameters, decision: decideExchangeTransfer(parameters) }).toMatchObject({
      parameters,
      decision: expected,
    });
});
