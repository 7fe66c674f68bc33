import type { Address } from "viem";
import { describe, expect, test } from "vitest";
import { quotedRequest as quoted } from "../../../test/support/devnetRequests.js";
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
      "a destination call reverts in simulation: UNKNOWN, the revert kept beside the existing details",
      {
        request: quoted({ details: { reason: "a note" } }),
        liquidity: 90n,
        simulation: { revert },
        now: quotedAt,
      },
      { type: "fail", failReason: "UNKNOWN", details: { reason: "a note", revert } },
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
  ];
  test.each(rows)("%s", (_, parameters, decision) => {
    expect(decideFill(parameters)).toEqual(decision);
  });
});
