import { expect, test } from "vitest";
import * as exports from "./index.js";

test("exports", () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "AmbiguousDepositBindingError",
      "BitcoinPsbtError",
      "BitcoinTransactionRejectedError",
      "InsufficientBitcoinFundsError",
      "InvalidBitcoinParameterError",
      "InvalidBitcoinPrivateKeyError",
      "bitcoinMinerWallet",
      "bitcoinRejectReasons",
      "bitcoinRules",
      "bitcoinSolverWallet",
      "bitcoinTestWallets",
      "buildDepositPsbt",
      "classifyOutputScript",
      "createBitcoinChain",
      "createEsploraApp",
      "decodeBitcoinDeposit",
      "defaultBitcoinBlockTimeMs",
      "defaultBitcoinWalletBalance",
      "deriveBitcoinWallet",
      "devnetBitcoinFeeRate",
      "esploraPathPrefix",
      "finalizePsbt",
      "readRequestBinding",
      "signPsbt",
      "toEsploraBlock",
      "toEsploraTransaction",
      "toOutputScript",
      "toRequestBindingScript",
      "toScriptAsm",
      "validateTransaction",
    ]
  `);
});
