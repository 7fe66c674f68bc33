import { expect, test } from "vitest";
import { AccountMismatchError, ChainMismatchError } from "./wallet.js";

test("wallet errors", () => {
  expect(new ChainMismatchError({ expectedChainId: 10, walletChainId: 1 }).shortMessage).toBe(
    "The wallet is on chain 1, the step needs chain 10.",
  );
  expect(new AccountMismatchError({ expected: "0xa", actual: "0xb" }).shortMessage).toBe(
    "The step must be sent from 0xa, the wallet's account is 0xb.",
  );
});
