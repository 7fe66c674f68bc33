import { expect, test } from "vitest";
import { formatMoney } from "./formatMoney.js";

test("default: units, symbol, chain, dollars and the exact amount, as quote prints it", () => {
  expect(formatMoney({ amount: "1000000", formatted: "1", currency: "USDC", chainId: 31337, usd: "1" })).toBe(
    "1 USDC on 31337  ($1)  [1000000]",
  );
});

test("units computed from the decimals when the service wrote none", () => {
  expect(formatMoney({ amount: "10000000000000000", decimals: 18, currency: "ETH", chainId: 1 })).toBe(
    "0.01 ETH on 1  [10000000000000000]",
  );
  expect(formatMoney({ amount: 1500000n, decimals: 6, currency: "USDC" })).toBe("1.5 USDC  [1500000]");
});

test("a negative dollar value: -$", () => {
  expect(formatMoney({ amount: "0", formatted: "0", currency: "ETH", usd: "-0.013" })).toBe(
    "0 ETH  (-$0.013)  [0]",
  );
});

test("decimals not known: the smallest unit, said so", () => {
  expect(formatMoney({ amount: "5", currency: "0xabc", chainId: 8453 })).toBe(
    "5 0xabc on 8453 (smallest unit)",
  );
  expect(formatMoney({ currency: "ETH" })).toBe("? ETH");
});
