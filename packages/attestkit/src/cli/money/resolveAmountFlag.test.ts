import { zeroAddress } from "viem";
import { expect, test, vi } from "vitest";
import { CliError } from "../cliError.js";
import { type CurrencyBook, currencyKey } from "./currencyBook.js";
import { resolveAmountFlag } from "./resolveAmountFlag.js";

const usdc = "0xc90ae91eb21afa918a28c6e7d3d160b4539cddfe";
const weth = "0x663417f9345d08e7b30a633cb50bd49f840b2cdf";
const book: CurrencyBook = new Map([
  [currencyKey(1, zeroAddress), { symbol: "ETH", decimals: 18 }],
  [currencyKey(1, usdc), { symbol: "USDC", decimals: 6 }],
  [currencyKey(1, weth), { symbol: "WETH", decimals: 18 }],
]);
const flags = ["--origin-currency", "--origin-chain-id"] as const;

async function resolve(value: string, address: unknown, readBook = vi.fn(async () => book)) {
  const amount = await resolveAmountFlag({
    flag: "--amount",
    value,
    currency: { chainId: 1, address, flags },
    readBook,
  });
  return { amount, reads: readBook.mock.calls.length };
}

async function refusal(value: string, address: unknown, readBook = async () => book): Promise<CliError> {
  try {
    await resolveAmountFlag({ flag: "--amount", value, currency: { chainId: 1, address, flags }, readBook });
  } catch (error) {
    return error as CliError;
  }
  throw new Error("not refused");
}

test("default: digits as they are, the chain list never read", async () => {
  expect(await resolve("10000000000000000", usdc)).toEqual({ amount: "10000000000000000", reads: 0 });
});

test("ether, gwei and wei of the native currency: 18 decimals without the chain list", async () => {
  expect(await resolve("0.01ether", zeroAddress)).toEqual({ amount: "10000000000000000", reads: 0 });
  expect(await resolve("1.5gwei", zeroAddress)).toEqual({ amount: "1500000000", reads: 0 });
  expect(await resolve("2nano", zeroAddress)).toEqual({ amount: "2000000000", reads: 0 });
  expect(await resolve("7wei", zeroAddress)).toEqual({ amount: "7", reads: 0 });
  expect(await resolve("1e-2ether", zeroAddress)).toEqual({ amount: "10000000000000000", reads: 0 });
});

test("finer than the smallest unit, with or without a unit: refused", async () => {
  expect((await refusal("0.5wei", zeroAddress)).shortMessage).toBe(
    "--amount 0.5wei is finer than the smallest unit of wei (0 decimals).",
  );
  expect((await refusal("1.5", usdc)).shortMessage).toBe(
    "--amount 1.5 is not a whole number of the smallest unit.",
  );
});

test("a token: its symbol by its decimals; ether only for an 18-decimals one (read from the chain list)", async () => {
  expect(await resolve("1.5usdc", usdc)).toEqual({ amount: "1500000", reads: 1 });
  expect(await resolve("2weth", weth)).toEqual({ amount: "2000000000000000000", reads: 1 });
  expect(await resolve("2ether", weth)).toEqual({ amount: "2000000000000000000", reads: 1 });
  expect(await resolve("0.5eth", zeroAddress)).toEqual({ amount: "500000000000000000", reads: 1 });
});

test.each([
  [
    "1ether",
    usdc,
    "--amount 1ether: ether, gwei and wei count 18 decimals; USDC on chain 1 has 6.",
    "in its own units (usdc)",
  ],
  ["1weth", usdc, "--amount 1weth: the amount is of USDC on chain 1, not weth.", "own symbol (usdc)"],
  [
    "1abc",
    "0x2222222222222222222222222222222222222222",
    "--amount 1abc: the chain list (GET /chains) does not give the decimals of 0x2222222222222222222222222222222222222222 on chain 1.",
    "smallest unit",
  ],
  [
    "1usdc",
    undefined,
    "--amount 1usdc: a unit needs the currency, to know its decimals.",
    "--origin-currency",
  ],
])("%s of %s is refused, naming what to type", async (value, address, message, advice) => {
  const error = await refusal(value, address);
  expect(error).toBeInstanceOf(CliError);
  expect(error.shortMessage).toBe(message);
  expect(error.exitCode).toBe(2);
  expect(error.metaMessages.join("\n")).toContain(advice);
});

test("what the chain list's reader throws is thrown as it is", async () => {
  const down = new Error("down");
  const error = await refusal("1usdc", usdc, async () => {
    throw down;
  });
  expect(error).toBe(down);
});
