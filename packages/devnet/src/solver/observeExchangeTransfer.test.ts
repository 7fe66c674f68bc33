import { expect, test } from "vitest";
import { observeExchangeTransfer } from "./observeExchangeTransfer.js";

const memo = `0x${"22".repeat(32)}` as const;
const hash = `0x${"cd".repeat(32)}` as const;
const transfer = {
  hash,
  transferId: 12,
  fromAccountIndex: 1001,
  toAccountIndex: 1000,
  assetIndex: 0,
  amount: 1_000_000n,
  memo,
};
const observe = (patch: Partial<typeof transfer> | { memo: null } = {}) =>
  observeExchangeTransfer({
    transfer: { ...transfer, ...patch },
    chainId: 3586256,
    relayerAccountIndex: 1000,
  });

test("default: a transfer to the relayer is a payment naming its memo, from the sending account", () => {
  expect(observe()).toEqual({
    type: "payment",
    payment: {
      chainId: 3586256,
      txHash: hash,
      logIndex: 0,
      blockNumber: 12n,
      from: "1001",
      currency: "0",
      amount: 1_000_000n,
      id: memo,
    },
  });
});

test("a transfer to another account, or the relayer's own, is no payment", () => {
  expect(observe({ toAccountIndex: 1001, fromAccountIndex: 1002 })).toBeUndefined();
  expect(observe({ fromAccountIndex: 1000, toAccountIndex: 1001 })).toBeUndefined();
});

test("a transfer to the relayer without a memo is a payment under the zero id (an orphan's)", () => {
  expect(observe({ memo: null })).toMatchObject({
    type: "payment",
    payment: { from: "1001", amount: 1_000_000n, id: `0x${"00".repeat(32)}` },
  });
});
