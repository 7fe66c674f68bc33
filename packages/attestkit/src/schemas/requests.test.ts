import { expect, test } from "vitest";
import { requestSchemas } from "./requests.js";

const quote = {
  user: "0x03508bb71268bba25ecacc8f620e01866650532c",
  originChainId: 8453,
  destinationChainId: 42161,
  originCurrency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  destinationCurrency: "0x0000000000000000000000000000000000000000",
  amount: "100000000",
  tradeType: "EXACT_INPUT",
};

test("default", async () => {
  expect(await requestSchemas.quote["~standard"].validate(quote)).toEqual({ value: quote });
});

test("every request schema is a Standard Schema", async () => {
  expect(Object.keys(requestSchemas).sort()).toEqual([
    "appFeeBalances",
    "appFeeClaim",
    "appFeeClaims",
    "attestation",
    "chainHealth",
    "chainLiquidity",
    "config",
    "currencies",
    "currenciesV2",
    "depositAddress",
    "depositAddressReindex",
    "execute",
    "executePermit",
    "price",
    "priceRates",
    "quote",
    "requests",
    "requestsV2",
    "status",
    "swapSources",
    "tokenPrice",
    "transactionsIndex",
    "transactionsSingle",
    "walletScreenInfo",
    "walletScreenOverride",
  ]);
  for (const schema of Object.values(requestSchemas)) {
    expect(schema["~standard"].version).toBe(1);
    expect(schema["~standard"].vendor).toBe("zod");
  }
  const result = await requestSchemas.quote["~standard"].validate({ ...quote, strict: true });
  expect(result.issues?.map((issue) => issue.path)).toEqual([["strict"], ["strict"]]);
});
