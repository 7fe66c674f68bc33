import { expect, test } from "vitest";
import { compareDepositTerms } from "./compareDepositTerms.js";
import type { SignedFields } from "./explainAttestations.js";
import { readDepositAdjustments } from "./readDepositAdjustments.js";

const user = "0x1111111111111111111111111111111111111111";
const v1 = {
  originAmount: "100",
  originCurrency: "0x0000000000000000000000000000000000000000",
  originUser: user,
} as SignedFields;
const decoded = (amount: string) => ({
  event: "RelayNativeDeposit",
  id: "0x01" as const,
  amount,
  currency: "0x0000000000000000000000000000000000000000" as const,
  depositor: user as `0x${string}`,
  payer: null,
  viaReceiver: false,
});
const payment = { currency: "0x0000000000000000000000000000000000000000", amount: "100" };

test("an excess the service refunded counts on top of the signed and ordered amounts", () => {
  const { adjustments } = readDepositAdjustments({
    status: "success",
    details: { excessRefund: { amount: "40" } },
  } as never);
  expect(compareDepositTerms({ decoded: decoded("140"), v1, v2: null, payment, adjustments })).toEqual([]);
  expect(compareDepositTerms({ decoded: decoded("150"), v1, v2: null, payment, adjustments })).toEqual([
    {
      field: "deposit amount",
      against: "attestation v1 originAmount plus the excess refunded",
      expected: "140",
      actual: "150",
    },
    {
      field: "deposit amount",
      against: "order input payment amount plus the excess refunded",
      expected: "140",
      actual: "150",
    },
  ]);
});

test("an open deposit address quoted again is held to its re-quote, not to the order's first amount", () => {
  const { adjustments, requotedAmountOut } = readDepositAdjustments({
    status: "success",
    details: { requote: { amountIn: "60", amountOut: "55" } },
  } as never);
  expect(requotedAmountOut).toBe("55");
  const signed = { ...v1, originAmount: "60" } as SignedFields;
  expect(compareDepositTerms({ decoded: decoded("60"), v1: signed, v2: null, payment, adjustments })).toEqual(
    [],
  );
  expect(
    compareDepositTerms({ decoded: decoded("61"), v1: signed, v2: null, payment, adjustments }),
  ).toContainEqual({
    field: "deposit amount",
    against: "the re-quoted amountIn (details.requote)",
    expected: "60",
    actual: "61",
  });
});

test("details that are not integers are ignored", () => {
  expect(
    readDepositAdjustments({
      status: "success",
      details: { excessRefund: { amount: "-1" }, requote: { amountIn: 5 } },
    } as never),
  ).toEqual({ adjustments: {}, requotedAmountOut: undefined });
});
