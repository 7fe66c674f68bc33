import type { Address } from "viem";
import { describe, expect, test } from "vitest";
import { quotedRequest as quoted } from "../../../../test/support/devnetRequests.js";
import { decideFill, type FillDecision } from "./decideFill.js";

const recipient = "0x000000000000000000000000000000000000bEEF" as Address;
const quotedAt = 1_000_000;

describe("decideFill", () => {
  const revert = { index: 0, to: recipient, message: "execution reverted" };
  const rows: [string, Parameters<typeof decideFill>[0], FillDecision][] = [
    [
      "enough liquidity, no revert, in time: send",
      { request: quoted(), liquidity: 90n, simulation: undefined, now: quotedAt },
      { type: "send" },
    ],
    [
      "one less than the output: SOLVER_CAPACITY_EXCEEDED",
      { request: quoted(), liquidity: 89n, simulation: undefined, now: quotedAt },
      { type: "fail", failReason: "SOLVER_CAPACITY_EXCEEDED" },
    ],
    [
      "liquidity is checked before the simulation",
      { request: quoted(), liquidity: 0n, simulation: { revert }, now: quotedAt },
      { type: "fail", failReason: "SOLVER_CAPACITY_EXCEEDED" },
    ],
    [
      "a destination call reverts in simulation without data: MISSING_REVERT_DATA, the revert kept beside the existing details",
      {
        request: quoted({ details: { reason: "a note" } }),
        liquidity: 90n,
        simulation: { revert },
        now: quotedAt,
      },
      { type: "fail", failReason: "MISSING_REVERT_DATA", details: { reason: "a note", revert } },
    ],
    [
      "a destination call reverts in simulation with an error: EXECUTION_REVERTED",
      {
        request: quoted(),
        liquidity: 90n,
        simulation: { revert: { ...revert, data: "0x08c379a0" } },
        now: quotedAt,
      },
      {
        type: "fail",
        failReason: "EXECUTION_REVERTED",
        details: { revert: { ...revert, data: "0x08c379a0" } },
      },
    ],
    [
      "the calls need more than txsGasLimit: QUOTED_GAS_LIMIT_EXCEEDED",
      {
        request: quoted(),
        liquidity: 90n,
        simulation: { revert: { ...revert, outOfGas: true } },
        now: quotedAt,
      },
      {
        type: "fail",
        failReason: "QUOTED_GAS_LIMIT_EXCEEDED",
        details: { revert: { ...revert, outOfGas: true } },
      },
    ],
    [
      "with useFallbacks a reverting call takes the fallback route, the revert kept",
      {
        request: quoted({ useFallbacks: true, details: { reason: "a note" } }),
        liquidity: 90n,
        simulation: { revert },
        now: quotedAt,
      },
      { type: "fallback", details: { reason: "a note", revert } },
    ],
    [
      "useFallbacks does not cover missing liquidity",
      { request: quoted({ useFallbacks: true }), liquidity: 89n, simulation: { revert }, now: quotedAt },
      { type: "fail", failReason: "SOLVER_CAPACITY_EXCEEDED" },
    ],
    [
      "the ttl passed while the fill was prepared: TTL_EXPIRED",
      { request: quoted(), liquidity: 90n, simulation: undefined, now: quotedAt + 60_001 },
      { type: "refund", failReason: "TTL_EXPIRED" },
    ],
    [
      "past the ttl with latePaymentSlippageTolerance: sent (decideFillPrice holds it to that tolerance)",
      {
        request: quoted({
          pricing: {
            tradeType: "EXACT_INPUT",
            slippageBps: 50n,
            latePaymentSlippageBps: 100n,
            quotedPrices: { in: 3_000_000_000n, out: 1_000_000n },
          },
        }),
        liquidity: 90n,
        simulation: undefined,
        now: quotedAt + 60_001,
      },
      { type: "send" },
    ],
  ];
  test.each(rows)("%s", (_, parameters, decision) => {
    expect(decideFill(parameters)).toEqual(decision);
  });
});
