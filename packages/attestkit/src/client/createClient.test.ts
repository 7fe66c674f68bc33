import { expect, test } from "vitest";
import {
  chainsResponse,
  quoteResponse,
  requestId,
  routeRequest,
  statusResponse,
} from "../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../test/support/useTestServer.js";
import { createClient } from "./createClient.js";

const server = useTestServer();

test("default: every action is bound", () => {
  const client = createClient({ network: "testnet" });
  expect(client.baseUrl).toBe("https://api.testnets.relay.link");
  expect(Object.keys(client).sort()).toMatchInlineSnapshot(`
    [
      "allowFields",
      "baseUrl",
      "claimAppFees",
      "executeGasless",
      "executeSteps",
      "extend",
      "getAppFeeBalances",
      "getAppFeeClaims",
      "getAttestation",
      "getChainHealth",
      "getChainLiquidity",
      "getChains",
      "getConfig",
      "getCurrencies",
      "getCurrenciesV2",
      "getDepositAddress",
      "getDevnetInfo",
      "getPrice",
      "getPriceRates",
      "getQuote",
      "getRequests",
      "getRequestsV2",
      "getStatus",
      "getSwapSources",
      "getTokenPrice",
      "hasApiKey",
      "indexTransaction",
      "network",
      "referrer",
      "reindexDepositAddress",
      "reportSameChainTransaction",
      "request",
      "retry",
      "solvers",
      "submitPermit",
      "timeoutMs",
      "trackRequest",
      "trustRoot",
      "unknownFields",
      "waitForStatus",
    ]
  `);
});

test("bound actions use the client's base URL, key and referrer", async () => {
  server.on("GET", "/chains", { body: chainsResponse });
  server.on("POST", "/quote/v2", { body: quoteResponse() });
  server.on("GET", "/intents/status/v3", { body: statusResponse("success") });
  const client = createClient({ network: { baseUrl: server.url }, apiKey: "key-1", referrer: "my-app" });
  await client.getChains();
  await client.getQuote(routeRequest());
  await client.waitForStatus({ requestId, intervalMs: 5 });
  expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
    "GET /chains",
    "POST /quote/v2",
    "GET /intents/status/v3",
  ]);
  expect(server.requests.every((r) => r.headers["x-api-key"] === "key-1")).toBe(true);
  expect(server.requests[1]?.body).toMatchObject({ referrer: "my-app" });
});

test("extend adds custom actions next to the bound ones", async () => {
  server.on("GET", "/chains", { body: chainsResponse });
  const client = createClient({ network: { baseUrl: server.url } }).extend((c) => ({
    chainIds: async () => (await c.getChains()).chains.map((chain) => chain.id),
  }));
  await expect(client.chainIds()).resolves.toEqual([1, 8253038]);
});
