import { expect, test } from "vitest";
import * as exports from "./index.js";

test("exports", () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "ExchangeError",
      "createExchangeApp",
      "createExchangeLedger",
      "devnetExchangeApiKey",
      "exchangeAssets",
      "exchangeErrorCodes",
      "exchangeRouteTypes",
      "exchangeSolverAccount",
      "exchangeTestAccounts",
      "maxExchangeAmount",
      "parseTransferRequest",
      "toExchangeTransferJson",
      "usdcAssetIndex",
    ]
  `);
});
