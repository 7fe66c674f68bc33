import { concat, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { expect, test } from "vitest";
import { trailingTransferId, zeroId } from "./trailingTransferId.js";

const depository = "0xE042a7963459150d195FC5428929Ff97669bd903";
const orderId = `0x${"ab".repeat(32)}` as Hex;
const transfer = (to: Hex, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] });

test.each([
  [
    "default: the order id as the trailing 32 bytes",
    concat([transfer(depository, 5n), orderId]),
    5n,
    orderId,
  ],
  ["a plain transfer names no id: the zero id", transfer(depository, 5n), 5n, zeroId],
  ["fewer than 32 bytes after the call: no id", concat([transfer(depository, 5n), "0x1234"]), 5n, zeroId],
  [
    "more than 32 bytes after the call: the last 32",
    concat([transfer(depository, 5n), "0x1234", orderId]),
    5n,
    orderId,
  ],
  [
    "a transfer of another amount than the event's: not it",
    concat([transfer(depository, 4n), orderId]),
    5n,
    undefined,
  ],
  [
    "a transfer to another address: not it",
    concat([transfer("0x000000000000000000000000000000000000dEaD", 5n), orderId]),
    5n,
    undefined,
  ],
  [
    "another function (approve): not it",
    encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [depository, 5n] }),
    5n,
    undefined,
  ],
  ["calldata shorter than a transfer: not it", "0xa9059cbb" as Hex, 5n, undefined],
] as const)("%s", (_name, input, amount, expected) => {
  expect(trailingTransferId(input, depository, amount)).toBe(expected);
});
