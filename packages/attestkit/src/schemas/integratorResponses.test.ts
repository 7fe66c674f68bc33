import { expect, test } from "vitest";
import { loadFixture } from "../../../../test/support/fixtures.js";
import { InvalidResponseError } from "./errors.js";
import { integratorResponseSchemas } from "./integratorResponses.js";
import { parseResponse } from "./parseResponse.js";
import { responseSchemas } from "./responses.js";

type Endpoint = keyof typeof integratorResponseSchemas;

/** The fixture of each endpoint (test/support/fixtures/), shaped from the official SDK's API types. */
const fixtureOf: Record<Endpoint, string> = {
  depositAddress: "deposit-address.json",
  depositAddressReindex: "deposit-address-reindex.json",
  execute: "execute.json",
  executePermit: "execute-permits.json",
  chainHealth: "chain-health.json",
  chainLiquidity: "chain-liquidity.json",
  swapSources: "swap-sources.json",
  priceRates: "price-rates.json",
  tokenPrice: "token-price.json",
  appFeeBalances: "app-fee-balances.json",
  appFeeClaim: "app-fee-claim.json",
  appFeeClaims: "app-fee-claims.json",
};

/** Where a body is refused, or undefined when it is accepted. */
function refusedAt(endpoint: Endpoint, body: unknown) {
  try {
    parseResponse({ endpoint, body });
    return undefined;
  } catch (error) {
    if (!(error instanceof InvalidResponseError)) throw error;
    return error.issues.map((issue) => issue.path);
  }
}

test("default: every integrator schema is one of the response schemas, and has a fixture it accepts", () => {
  for (const endpoint of Object.keys(integratorResponseSchemas) as Endpoint[]) {
    expect(responseSchemas[endpoint]).toBe(integratorResponseSchemas[endpoint]);
    expect(refusedAt(endpoint, loadFixture(fixtureOf[endpoint]))).toBeUndefined();
  }
});

test("unknown fields are kept, at the top and inside lists", () => {
  expect(
    parseResponse({ endpoint: "depositAddress", body: loadFixture("deposit-address.json") }),
  ).toMatchObject({
    recoveryAddress: "0x03508bb71268bba25ecacc8f620e01866650532c",
  });
  const liquidity = parseResponse({ endpoint: "chainLiquidity", body: loadFixture("chain-liquidity.json") });
  expect(liquidity.liquidity[1]).toMatchObject({ chainId: 8453, vault: expect.any(String), amountUsd: null });
  const balances = parseResponse({ endpoint: "appFeeBalances", body: loadFixture("app-fee-balances.json") });
  expect(balances.balances[0]).toMatchObject({ claimable: true });
});

test("a value of an enum the client does not know is kept as given", () => {
  const address = { ...loadFixture("deposit-address.json"), type: "flexible" };
  expect(parseResponse({ endpoint: "depositAddress", body: address }).type).toBe("flexible");
  const claim = loadFixture("app-fee-claim.json");
  claim.steps[0].kind = "authorization";
  expect(parseResponse({ endpoint: "appFeeClaim", body: claim }).steps[0]?.kind).toBe("authorization");
  // Rates of symbols the types do not list.
  expect(parseResponse({ endpoint: "priceRates", body: { HYPE: 38.2, ETH: "3012.4" } })).toEqual({
    HYPE: 38.2,
    ETH: "3012.4",
  });
});

test.each([
  ["depositAddress", { type: "open", requestId: "0x1", chainId: 1 }, "depositAddress"],
  ["depositAddress", { ...loadFixture("deposit-address.json"), chainId: "base" }, "chainId"],
  ["chainHealth", { healthy: "yes" }, "healthy"],
  ["chainLiquidity", { liquidity: null }, "liquidity"],
  ["swapSources", { sources: [1, 2] }, "sources.0"],
  ["priceRates", ["ETH", 3000], ""],
  ["tokenPrice", {}, "price"],
  ["appFeeBalances", { totalBalanceUsd: 1 }, "balances"],
  ["appFeeClaim", { steps: [{ kind: "signature" }] }, "steps.0.id"],
  ["appFeeClaims", { claims: "none" }, "claims"],
  ["execute", { requestId: ["0x1"] }, "requestId"],
  ["executePermit", { steps: {} }, "steps"],
  ["depositAddressReindex", { triggeredCurrencies: "USDC" }, "triggeredCurrencies"],
] as const)("%s: a malformed body is refused at %j", (endpoint, body, path) => {
  expect(refusedAt(endpoint, body)).toContain(path);
});
