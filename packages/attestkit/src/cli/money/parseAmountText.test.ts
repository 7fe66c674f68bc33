import { describe, expect, test } from "vitest";
import { CliError } from "../cliError.js";
import { parseAmountText } from "./parseAmountText.js";

const parse = (value: string) => parseAmountText({ flag: "--amount", value });

test("default: digits are the smallest unit", () => {
  expect(parse("10000000000000000")).toEqual({ mantissa: 10000000000000000n, scale: 0, unit: undefined });
});

test.each([
  ["0x2386f26fc10000", 10000000000000000n, 0, undefined],
  ["1e16", 1n, -16, undefined],
  ["1.5e6", 15n, -5, undefined],
  ["0.01ether", 1n, 2, "ether"],
  ["0.01 ether", 1n, 2, "ether"],
  ["1e-2ether", 1n, 2, "ether"],
  ["1e3gwei", 1n, -3, "gwei"],
  ["1GWEI", 1n, 0, "gwei"],
  ["2.usdc", 2n, 0, "usdc"],
])("%s is %i x 10^-%i of %s", (value, mantissa, scale, unit) => {
  expect(parse(value)).toEqual({ mantissa, scale, unit });
});

describe("refused: exit 2, naming the flag and what to type", () => {
  test.each(["-1", "", "1 2", ".5ether", "1.2.3"])("%j", (value) => {
    const error = (() => {
      try {
        parse(value);
      } catch (e) {
        return e;
      }
    })() as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error.shortMessage).toBe(`--amount ${JSON.stringify(value)} is not an amount.`);
    expect(error.exitCode).toBe(2);
    expect(error.field).toBe("--amount");
    expect(error.metaMessages.join("\n")).toContain("--amount 0.01ether");
  });
});
