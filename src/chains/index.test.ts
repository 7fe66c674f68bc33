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

test("attestkit/routes, the deprecated former name, exports the same values", async () => {
  const routes = await import("./routes.js");
  expect(Object.keys(routes).sort()).toEqual(Object.keys(exports).sort());
  for (const name of Object.keys(exports))
    expect((routes as Record<string, unknown>)[name], name).toBe((exports as Record<string, unknown>)[name]);
});
