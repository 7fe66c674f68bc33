import { expect, test } from "vitest";
import {
  currenciesResponse,
  priceResponse,
  requestId,
  routeRequest,
  statusResponse,
} from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { createBaseClient } from "../createBaseClient.js";
import { serviceActions } from "./serviceActions.js";

const server = useTestServer();

test("default: binds each action to the client it decorates", async () => {
  server.on("POST", "/currencies/v1", { body: currenciesResponse });
  server.on("POST", "/price", { body: priceResponse });
  server.on("GET", "/intents/status/v3", { body: statusResponse("pending") });
  server.on("POST", "/transactions/index", { body: {} });
  server.on("GET", "/requests/v3", { body: { requests: [] } });
  const client = createBaseClient({ network: { baseUrl: server.url } }).extend(serviceActions);
  await client.getCurrencies({ term: "eth" });
  await client.getPrice(routeRequest());
  await client.getStatus({ requestId });
  await client.indexTransaction({ chainId: 1, txHash: `0x${"cd".repeat(32)}`, requestId });
  await client.getRequests({ id: requestId });
  expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
    "POST /currencies/v1",
    "POST /price",
    "GET /intents/status/v3",
    "POST /transactions/index",
    "GET /requests/v3",
  ]);
});

test("per-call options reach the request", async () => {
  server.on("GET", "/chains", { status: 503, body: {} });
  const client = createBaseClient({ network: { baseUrl: server.url }, retry: { delay: 1 } }).extend(
    serviceActions,
  );
  await expect(client.getChains({ retry: false })).rejects.toMatchObject({ status: 503 });
  expect(server.requests).toHaveLength(1);
});
