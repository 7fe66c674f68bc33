import { zeroAddress } from "viem";
import { expect, test } from "vitest";
import { currencyKey } from "../money/currencyBook.js";
import { moneyLine } from "./moneyLine.js";

const usdc = "0xC90ae91eB21AFa918a28C6e7D3D160B4539CddfE";
const book = new Map([
  [currencyKey(31337, zeroAddress), { symbol: "ETH", decimals: 18 }],
  [currencyKey(31337, usdc), { symbol: "USDC", decimals: 6 }],
]);

test("default: in units with the symbol, as quote writes it, the exact amount in brackets", () => {
  expect(moneyLine({ book, amount: "10000000000000000", currency: zeroAddress, chainId: 31337 })).toBe(
    "0.01 ETH on 31337  [10000000000000000]",
  );
  expect(moneyLine({ book, amount: "1500000", currency: usdc, chainId: 31337 })).toBe(
    "1.5 USDC on 31337  [1500000]",
  );
});

test("without the chain list: the native currency still in units (18), a token in its smallest unit", () => {
  const none = new Map();
  expect(moneyLine({ book: none, amount: "10000000000000000", currency: zeroAddress, chainId: 1 })).toBe(
    `0.01 ${zeroAddress} on 1  [10000000000000000]`,
  );
  expect(moneyLine({ book: none, amount: "1500000", currency: usdc, chainId: 1 })).toBe(
    `1500000 ${usdc} on 1 (smallest unit)`,
  );
});
