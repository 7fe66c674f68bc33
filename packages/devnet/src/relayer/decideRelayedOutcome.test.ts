import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import type { DevnetStatus } from "../state/transitions.js";
import type { RelayedCall } from "../state/types.js";
import { decideRelayedOutcome } from "./decideRelayedOutcome.js";

const to: Address = "0x000000000000000000000000000000000000bEEF";
const txHash = `0x${"aa".repeat(32)}` as Hex;
const relayed: RelayedCall = { relayer: to, to, data: "0x", value: 0n };
const revert = { index: 0, to, txHash };

test.each<[string, DevnetStatus, RelayedCall | undefined, "success" | "reverted", unknown]>([
  [
    "own request, mined: success, the call both in and out",
    "waiting",
    relayed,
    "success",
    { type: "transition", to: "success", patch: { inTxHashes: [txHash], txHashes: [txHash] } },
  ],
  [
    "own request, reverted: failure, TRANSACTION_REVERTED, the revert named",
    "waiting",
    relayed,
    "reverted",
    {
      type: "transition",
      to: "failure",
      patch: {
        inTxHashes: [txHash],
        failReason: "TRANSACTION_REVERTED",
        details: { reason: "the relayed call reverted", revert },
      },
    },
  ],
  [
    "a quote's request, mined: its deposit moves it, nothing here",
    "waiting",
    undefined,
    "success",
    { type: "none" },
  ],
  [
    "a quote's request, reverted: still waiting, the revert noted",
    "waiting",
    undefined,
    "reverted",
    { type: "update", patch: { details: { reason: "the relayed call reverted: nothing moved", revert } } },
  ],
  ["a request that moved on meanwhile: nothing", "pending", undefined, "reverted", { type: "none" }],
  ["an own request no longer waiting: nothing", "failure", relayed, "success", { type: "none" }],
])("%s", (_, status, call, mined, outcome) => {
  expect(
    decideRelayedOutcome({ request: { status, relayed: call, details: null }, txHash, mined, to }),
  ).toEqual(outcome);
});
