import { expect, test } from "vitest";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { DevnetRequest } from "../state/types.js";
import { decideBitcoinDeposit } from "./decideBitcoinDeposit.js";

const requestId = `0x${"11".repeat(32)}` as const;
const request = (overrides: Partial<DevnetRequest> = {}): DevnetRequest => ({
  ...createDevnetRequest({
    requestId,
    status: "waiting",
    apiKey: undefined,
    referrer: null,
    originChainId: 8253038,
    destinationChainId: 31338,
    user: "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k" as `0x${string}`,
    recipient: "0x00000000000000000000000000000000000000aa",
    refundTo: "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k" as `0x${string}`,
    originCurrency: "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8" as `0x${string}`,
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amountIn: 1_000_000n,
    amountOut: 1n,
    createdAt: 0,
    expiresAt: 10_000,
  }),
  ...overrides,
});
const base = {
  boundRequestId: requestId,
  amount: 1_000_000n,
  chainId: 8253038,
  highValueThreshold: 50_000_000n,
  now: 5_000,
};

test("the table of cases", () => {
  const cases: [Parameters<typeof decideBitcoinDeposit>[0], unknown][] = [
    [{ ...base, boundRequestId: undefined, request: request() }, { type: "ignore" }],
    [{ ...base, request: undefined }, { type: "ignore" }],
    [{ ...base, request: request({ originChainId: 31337 }) }, { type: "ignore" }],
    [{ ...base, request: request({ status: "pending" }) }, { type: "ignore" }],
    [
      { ...base, now: 10_001, request: request() },
      { type: "refund", failReason: "TTL_EXPIRED", confirmations: 1 },
    ],
    [
      { ...base, amount: 999_999n, request: request() },
      { type: "refund", failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL", confirmations: 1 },
    ],
    [
      { ...base, request: request() },
      { type: "take", requestId, confirmations: 1, excess: 0n },
    ],
    [
      { ...base, amount: 1_000_005n, request: request() },
      { type: "take", confirmations: 1, excess: 5n },
    ],
    // The threshold is exclusive: exactly at it is typical, one satoshi above needs 2 blocks.
    [
      { ...base, amount: 50_000_000n, request: request() },
      { type: "take", confirmations: 1, excess: 49_000_000n },
    ],
    [
      { ...base, amount: 50_000_001n, request: request() },
      { type: "take", confirmations: 2, excess: 49_000_001n },
    ],
    [
      { ...base, now: 10_000, request: request({ expiresAt: null }) },
      { type: "take", confirmations: 1 },
    ],
  ];
  for (const [parameters, expected] of cases)
    expect({ parameters, decision: decideBitcoinDeposit(parameters) }).toMatchObject({
      parameters,
      decision: expected,
    });
});
