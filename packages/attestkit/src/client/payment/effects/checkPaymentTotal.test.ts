// The sum rules on hand-made effects: with an accepted contract (a router the caller accepted
// undecoded), what it may pull (native value or an allowance of the currency paid) plus the decoded
// payment stays within the amount, on the native route and the token route alike.
import { describe, expect, test } from "vitest";
import { checkPaymentTotal } from "./checkPaymentTotal.js";
import type { ExpectedPayment, PaymentEffect } from "./types.js";

const token = "0x5000000000000000000000000000000000000005";
const other = "0x5100000000000000000000000000000000000051";
const router = "0x8000000000000000000000000000000000000008";
const stranger = "0x9100000000000000000000000000000000000091";
const depository = "0x3000000000000000000000000000000000000003";
const expected: ExpectedPayment = {
  chainId: 1,
  currency: token,
  amount: 1_000_000n,
  orderId: `0x${"ab".repeat(32)}`,
  depositor: "0x1000000000000000000000000000000000000001",
  authorizationPayees: new Set([depository]),
  depository,
  recipient: undefined,
  operation: undefined,
};
const item = { stepId: "swap", stepIndex: 0, itemIndex: 0 };
const payment = (amount: bigint) => ({
  chainId: 1,
  payee: depository,
  currency: token,
  amount,
  binding: expected.orderId,
  depositor: expected.depositor,
});
const effectOf = (
  paid: bigint[],
  allowances: [string, string, bigint][],
  accepted: string[] = [router],
  value = 0n,
): PaymentEffect => ({
  payments: paid.map(payment),
  allowances: allowances.map(([currency, spender, amount]) => ({ chainId: 1, currency, spender, amount })),
  fees: [],
  accepted: accepted.map((to) => ({ item, chainId: 1, to, value })),
});
const reasons = (effect: PaymentEffect, native = false) =>
  checkPaymentTotal({ effect, expected, native })
    .filter((check) => !check.ok)
    .map((check) => check.reason);

describe("a decoded payment beside an allowance left to an accepted contract", () => {
  test.each([
    [
      "the swap alone (no decoded payment): its allowance of the amount",
      [],
      [[token, router, 1_000_000n]],
      [],
    ],
    ["a payment of the amount, nothing left approved", [1_000_000n], [], []],
    ["the payment and the allowance splitting the amount", [400_000n], [[token, router, 600_000n]], []],
    [
      "the payment and the allowance one unit over the amount",
      [400_000n],
      [[token, router, 600_001n]],
      ["accepted-allowance-above-amount"],
    ],
    [
      "the whole amount paid and the whole amount approved (paid twice)",
      [1_000_000n],
      [[token, router, 1_000_000n]],
      ["accepted-allowance-above-amount"],
    ],
    [
      "two allowances that fit one by one, not together",
      [500_000n],
      [
        [token, router, 300_000n],
        [token, router, 300_000n],
      ],
      ["accepted-allowance-above-amount"],
    ],
    [
      "an allowance of another token to the accepted contract is not the amount's",
      [1_000_000n],
      [[other, router, 1_000_000n]],
      [],
    ],
    [
      "an allowance to a contract no accepted item calls",
      [1_000_000n],
      [[token, stranger, 1n]],
      ["allowance-left"],
    ],
  ] as [string, bigint[], [string, string, bigint][], string[]][])("%s", (_, paid, allowances, refused) => {
    expect(reasons(effectOf(paid, allowances))).toEqual(refused);
  });

  test("the refusal names what is paid, what is approved and to whom", () => {
    const [check] = checkPaymentTotal({
      effect: effectOf([1_000_000n], [[token, router, 1_000_000n]]),
      expected,
      native: false,
    });
    expect(check).toEqual({
      name: "total",
      ok: false,
      field: "steps",
      reason: "accepted-allowance-above-amount",
      expected: "at most 1000000 paid and approved to accepted contracts together",
      actual: `1000000 paid + 1000000 of ${token} approved to ${router}`,
    });
  });

  test("the native route's analogue: the accepted value plus the payment within the amount", () => {
    const native = { ...expected, currency: "0x0000000000000000000000000000000000000000" };
    const run = (paid: bigint, value: bigint) =>
      checkPaymentTotal({
        effect: {
          ...effectOf([], [], [router], value),
          payments: [{ ...payment(paid), currency: native.currency }],
        },
        expected: native,
        native: true,
      })
        .filter((check) => !check.ok)
        .map((check) => check.reason);
    expect(run(400_000n, 600_000n)).toEqual([]);
    expect(run(400_000n, 600_001n)).toEqual(["accepted-value-above-amount"]);
  });
});
