import { expect, test } from "vitest";
import { originGasUsdMicros } from "./originGasUsdMicros.js";

// ETH at $3,000: 18 decimals.
const eth = { decimals: 18, priceUsdMicros: 3_000_000_000n };
const gwei = 10n ** 9n;

test("default: the overhead's gas units at the gas price, in USD at the native currency's price", () => {
  // 100,000 gas x 1 gwei = 10^14 wei = 0.0001 ETH = $0.30.
  expect(
    originGasUsdMicros({ originGasOverhead: 100_000, gasless: true, gasPrice: gwei, nativeIn: eth }),
  ).toBe(300_000n);
});

test("it grows with the overhead and with the gas price", () => {
  const at = (originGasOverhead: number, gasPrice: bigint) =>
    originGasUsdMicros({ originGasOverhead, gasless: true, gasPrice, nativeIn: eth });
  expect(at(200_000, gwei)).toBe(2n * at(100_000, gwei));
  expect(at(100_000, 2n * gwei)).toBe(2n * at(100_000, gwei));
});

test("rounded up: a part of a micro-dollar is charged as one", () => {
  // 1 gas x 1 wei = $0.000000000000003.
  expect(originGasUsdMicros({ originGasOverhead: 1, gasless: true, gasPrice: 1n, nativeIn: eth })).toBe(1n);
  expect(originGasUsdMicros({ originGasOverhead: 0, gasless: true, gasPrice: gwei, nativeIn: eth })).toBe(0n);
});

test("nothing to price without a gasless origin transaction, or without the field", () => {
  expect(
    originGasUsdMicros({ originGasOverhead: 100_000, gasless: false, gasPrice: gwei, nativeIn: eth }),
  ).toBe(0n);
  expect(
    originGasUsdMicros({ originGasOverhead: undefined, gasless: true, gasPrice: gwei, nativeIn: eth }),
  ).toBe(0n);
});
