import { expect, test } from "vitest";
import * as exports from "./index.js";

test("exports", () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "InvalidBitcoinAddressError",
      "InvalidExchangeTransferError",
      "InvalidPsbtError",
      "InvalidRouteAmountError",
      "MissingElapsedError",
      "assertBitcoinAddress",
      "bitcoin",
      "bitcoinBalance",
      "bitcoinConfirmations",
      "bitcoinGuidance",
      "bitcoinNetworks",
      "bitcoinStallAllowance",
      "decodeBitcoinAddress",
      "externalExchange",
      "isAccountIndex",
      "isBitcoinAddress",
      "isBitcoinDepositStalled",
      "isHighValueBitcoinDeposit",
      "readPsbtPayments",
      "toOutputScript",
      "validateExchangeTransfer",
    ]
  `);
});
