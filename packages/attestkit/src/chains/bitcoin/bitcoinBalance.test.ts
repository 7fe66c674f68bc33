import { expect, test } from "vitest";
import { bitcoinBalance } from "./bitcoinBalance.js";
import { InvalidRouteAmountError } from "./errors.js";

test("default", () => {
  expect(bitcoinBalance({ funded: 150000n, spent: 50000n, pendingSpent: 20000n })).toBe(80000n);
});

test("numbers and digit strings", () => {
  expect(bitcoinBalance({ funded: "2100000000000000", spent: 1, pendingSpent: "0" })).toBe(2099999999999999n);
});

test("esplora address stats: pending incoming funds do not count", () => {
  const stats = {
    address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    chain_stats: {
      funded_txo_count: 3,
      funded_txo_sum: 600000,
      spent_txo_count: 1,
      spent_txo_sum: 100000,
      tx_count: 4,
    },
    mempool_stats: {
      funded_txo_count: 1,
      funded_txo_sum: 999999,
      spent_txo_count: 1,
      spent_txo_sum: 50000,
      tx_count: 1,
    },
  };
  expect(bitcoinBalance(stats)).toBe(450000n);
});

test("clamps at zero when pending spends exceed the confirmed balance", () => {
  expect(bitcoinBalance({ funded: 100n, spent: 0n, pendingSpent: 120n })).toBe(0n);
  expect(bitcoinBalance({ funded: 100n, spent: 100n, pendingSpent: 0n })).toBe(0n);
});

test("rejects non-integers, naming the field", () => {
  expect(() => bitcoinBalance({ funded: 1.5, spent: 0, pendingSpent: 0 })).toThrow(InvalidRouteAmountError);
  expect(() => bitcoinBalance({ funded: 1, spent: -1, pendingSpent: 0 })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidRouteAmountError: Field "spent" is not a non-negative integer: -1.

    Pass a bigint, a safe integer number, or a string of decimal digits, in the smallest unit (satoshis).
    Version: attestkit@0.1.0]
  `);
  expect(() =>
    bitcoinBalance({
      chain_stats: { funded_txo_sum: 1, spent_txo_sum: 0 },
      mempool_stats: { spent_txo_sum: "1e3" },
    }),
  ).toThrow('Field "mempool_stats.spent_txo_sum"');
  expect(() =>
    bitcoinBalance({
      chain_stats: { funded_txo_sum: 2 ** 53, spent_txo_sum: 0 },
      mempool_stats: { spent_txo_sum: 0 },
    }),
  ).toThrow('Field "chain_stats.funded_txo_sum"');
});
