import { expect, test } from "vitest";
import { parseAmountText } from "./parseAmountText.js";
import { toSmallestUnit } from "./toSmallestUnit.js";

/** `value` in a unit of `decimals` named `unit` ("USDC"), or in the smallest unit (`null`). */
const convert = (value: string, decimals: number, unit: string | null = "USDC") =>
  toSmallestUnit({
    flag: "--amount",
    value,
    ...parseAmountText({ flag: "--amount", value }),
    decimals,
    unit: unit ?? undefined,
  });

test("default: whole units times 10^decimals, exactly", () => {
  expect(convert("1.5usdc", 6)).toBe(1500000n);
  expect(convert("0.01ether", 18)).toBe(10000000000000000n);
  expect(convert("2.usdc", 6)).toBe(2000000n);
  expect(convert("7", 0, null)).toBe(7n);
  expect(convert("1.5e6", 0, null)).toBe(1500000n);
});

test("trailing zeros past the decimals are no finer", () => {
  expect(convert("1.5000000000usdc", 6)).toBe(1500000n);
  expect(convert("1.20e1", 0, null)).toBe(12n);
});

test("finer than the smallest unit: refused, never rounded", () => {
  expect(() => convert("1.0000001usdc", 6)).toThrowError(
    "--amount 1.0000001usdc is finer than the smallest unit of USDC (6 decimals).",
  );
  expect(() => convert("0.01", 0, null)).toThrowError(
    "--amount 0.01 is not a whole number of the smallest unit.",
  );
  expect(() => convert("1.25e1", 0, null)).toThrowError(/not a whole number/);
});

test("a number without a unit says which unit to add", () => {
  try {
    convert("0.01", 0, null);
  } catch (error) {
    expect((error as { metaMessages: string[] }).metaMessages).toEqual([
      "A number without a unit is in the smallest unit (wei of ETH, millionths of USDC).",
      "For whole units add one, as cast takes it: --amount 0.01ether, --amount 0.01usdc (the currency's symbol).",
    ]);
  }
  expect.assertions(1);
});
