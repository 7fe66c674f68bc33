import { expect, test } from "vitest";
import { describeCheckFinding } from "./describeCheckFinding.js";
import { currencyKey } from "./money/currencyBook.js";

const token = "0x00000000000000000000000000000000000000aa";
const book = new Map([
  [currencyKey(1, "0x0000000000000000000000000000000000000000"), { symbol: "ETH", decimals: 18 }],
  [currencyKey(1, token), { symbol: "USDC", decimals: 6 }],
]);

test("default: an amount check in units, the exact amount beside", () => {
  const money = {
    chainId: 1,
    currency: "0x0000000000000000000000000000000000000000",
    amount: "10000000000000000",
  };
  expect(describeCheckFinding({ name: "amount", ok: true, summary: money.amount, money }, book)).toBe(
    "0.01 ETH on 1  [10000000000000000]",
  );
});

test("an item's summary names its money in place of the raw amount, whatever its form", () => {
  const money = { chainId: 1, currency: token, amount: "2500000" };
  const item = (summary: string) => describeCheckFinding({ name: "item", ok: true, summary, money }, book);
  expect(item(`depositErc20 2500000 of ${token} to the depository, id 0x12`)).toBe(
    "depositErc20 2.5 USDC on 1  [2500000] to the depository, id 0x12",
  );
  expect(item("transfer 2500000 wei to the deposit address 0xab")).toBe(
    "transfer 2.5 USDC on 1  [2500000] to the deposit address 0xab",
  );
  // Digits that only contain the amount are not it; a summary without it keeps the money beside.
  expect(item("approve 125000000 for 0xab")).toBe("approve 125000000 for 0xab  (2.5 USDC on 1  [2500000])");
});

test("a currency the book does not know stays in its smallest unit", () => {
  const money = { chainId: 9, currency: token, amount: "7" };
  expect(describeCheckFinding({ name: "minimumOutput", ok: true, summary: "7", money }, book)).toBe(
    `7 ${token} on 9 (smallest unit)`,
  );
});

test("the deadline as a time, the Unix seconds beside; a check without money keeps its summary", () => {
  expect(
    describeCheckFinding({ name: "deadline", ok: true, summary: "1795988761", deadline: 1795988761 }, book),
  ).toBe("2026-11-29T21:46:01.000Z  [1795988761]");
  expect(describeCheckFinding({ name: "calls", ok: true, summary: "0 calls" }, book)).toBe("0 calls");
  expect(describeCheckFinding({ name: "orderId", ok: true }, book)).toBeUndefined();
});
