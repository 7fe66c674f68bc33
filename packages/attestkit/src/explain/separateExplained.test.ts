import { expect, test } from "vitest";
import type { FillPart } from "./explainFills.js";
import type { Mismatch } from "./parts.js";
import { separateExplained } from "./separateExplained.js";

const amount: Mismatch = {
  field: "deposit amount",
  against: "attestation v1 originAmount",
  expected: "10",
  actual: "9",
};
const depositor: Mismatch = {
  field: "depositor",
  against: "attestation v1 originUser",
  expected: "0xa",
  actual: "0xb",
};
const refund = (status: string): FillPart => ({
  txHash: "0x01",
  chainId: 1,
  kind: "refund",
  status,
  events: [],
});
const status = (s: string, failReason: string) => ({ status: s, failReason }) as never;

test("a refund for the deposit's own amount, its refund on chain: the amount is explained, the rest stays", () => {
  expect(
    separateExplained({
      mismatches: [amount, depositor],
      status: status("refund", "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"),
      fills: [refund("success")],
    }),
  ).toEqual({ mismatches: [depositor], explained: [{ ...amount, by: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" }] });
});

test.each([
  ["another reason", status("refund", "SLIPPAGE"), [refund("success")]],
  ["a success", status("success", "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"), [refund("success")]],
  ["no refund on chain", status("refund", "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"), []],
  ["a reverted refund", status("refund", "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"), [refund("reverted")]],
  [
    "a failure (nothing sent back)",
    status("failure", "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"),
    [refund("success")],
  ],
])("%s: nothing is explained", (_name, given, fills) => {
  expect(separateExplained({ mismatches: [amount], status: given, fills })).toEqual({
    mismatches: [amount],
    explained: [],
  });
});
