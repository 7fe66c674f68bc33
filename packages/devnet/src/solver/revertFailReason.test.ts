import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import type { RevertDetails } from "../state/types.js";
import { type RevertFailReason, revertFailReason } from "./revertFailReason.js";

const to = "0x000000000000000000000000000000000000bEEF" as Address;
const txHash = `0x${"ab".repeat(32)}` as Hex;

test.each<[string, RevertDetails, RevertFailReason]>([
  ["an error string in simulation", { index: 0, to, data: "0x08c379a0" }, "EXECUTION_REVERTED"],
  ["a custom error in simulation", { index: 1, to, data: "0xdeadbeef" }, "EXECUTION_REVERTED"],
  ["no revert data at all", { index: 0, to, message: "execution reverted" }, "MISSING_REVERT_DATA"],
  ["empty revert data (no such function)", { index: 0, to, data: "0x" }, "MISSING_REVERT_DATA"],
  ["a mined fill transaction that reverted", { index: 0, to, txHash }, "TRANSACTION_REVERTED"],
  ["over txsGasLimit", { index: 2, to, message: "out of gas", outOfGas: true }, "QUOTED_GAS_LIMIT_EXCEEDED"],
  [
    "over txsGasLimit comes first",
    { index: 0, to, data: "0x01", outOfGas: true, txHash },
    "QUOTED_GAS_LIMIT_EXCEEDED",
  ],
])("%s", (_, revert, reason) => {
  expect(revertFailReason(revert)).toBe(reason);
});
