import type { Address } from "viem";
import { describe, expect, test } from "vitest";
import { nativeCurrencyAddress } from "../constants.js";
import type { Deposit, DevnetRequest } from "../state/types.js";
import { planRefund, type RefundPlan } from "./planRefund.js";

const refundTo = "0x000000000000000000000000000000000000Cafe" as Address;
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const deposit = (patch: Partial<Deposit> = {}): Deposit => ({
  chainId: 31337,
  txHash: `0x${"22".repeat(32)}`,
  logIndex: 3,
  blockNumber: 7n,
  from: "0x000000000000000000000000000000000000dE90",
  currency: nativeCurrencyAddress,
  amount: 100n,
  id: `0x${"11".repeat(32)}`,
  ...patch,
});

describe("planRefund", () => {
  const rows: [string, Pick<DevnetRequest, "deposit" | "refundTo">, RefundPlan][] = [
    [
      "the whole deposit, on its chain and in its currency, to the request's refundTo",
      { deposit: deposit({ currency: token, amount: 7n }), refundTo },
      { type: "send", chainId: 31337, currency: token, to: refundTo, amount: 7n },
    ],
    [
      "a zero deposit cannot be refunded",
      { deposit: deposit({ amount: 0n }), refundTo },
      { type: "impossible", refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" },
    ],
    [
      "nor can a request without a deposit",
      { deposit: undefined, refundTo },
      { type: "impossible", refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" },
    ],
  ];
  test.each(rows)("%s", (_, request, plan) => {
    expect(planRefund(request)).toEqual(plan);
  });
});
