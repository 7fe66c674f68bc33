import { expect, test } from "vitest";
import { convertAmount } from "./convertAmount.js";
import { devnetPrices } from "./devnetCurrencies.js";

const eth = { decimals: 18, priceUsdMicros: devnetPrices.eth };
const usdc = { decimals: 6, priceUsdMicros: devnetPrices.usdc };

test("default: 1 ETH is 3,000 USDC", () => {
  expect(convertAmount({ amount: 10n ** 18n, from: eth, to: usdc, rounding: "floor" })).toBe(3_000_000_000n);
});

test("rounding: floor for what is received, ceil for what is paid", () => {
  expect(convertAmount({ amount: 1n, from: usdc, to: eth, rounding: "floor" })).toBe(333_333_333n);
  expect(convertAmount({ amount: 1n, from: usdc, to: eth, rounding: "ceil" })).toBe(333_333_334n);
  expect(convertAmount({ amount: 333_333_333n, from: eth, to: usdc, rounding: "floor" })).toBe(0n);
  expect(convertAmount({ amount: 333_333_333n, from: eth, to: usdc, rounding: "ceil" })).toBe(1n);
  // Exact conversions are not rounded up.
  expect(convertAmount({ amount: 3_000_000n, from: usdc, to: eth, rounding: "ceil" })).toBe(10n ** 15n);
});
