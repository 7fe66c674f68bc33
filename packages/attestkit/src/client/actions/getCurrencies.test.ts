import { expect, test } from "vitest";
import { currenciesResponse } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError, InvalidResponseError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { getCurrencies } from "./getCurrencies.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: false });

test("default: posts the filters to /currencies/v1 and returns the groups", async () => {
  server.on("POST", "/currencies/v1", { body: currenciesResponse });
  const groups = await getCurrencies(client(), {
    chainIds: [1, 8453],
    term: "eth",
    limit: 2,
    verified: true,
  });
  expect(groups).toHaveLength(1);
  expect(groups[0]?.map((c) => c.chainId)).toEqual([1, 8453]);
  expect(server.requests[0]?.body).toEqual({ chainIds: [1, 8453], term: "eth", limit: 2, verified: true });
});

test("no filters: an empty body", async () => {
  server.on("POST", "/currencies/v1", { body: [] });
  await expect(getCurrencies(client())).resolves.toEqual([]);
  expect(server.requests[0]?.body).toEqual({});
});

test("a broken filter is refused before sending", async () => {
  const error = await getCurrencies(client(), { tokens: ["no-chain-prefix"] }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as InvalidRequestError).field).toBe("tokens.0");
  expect(server.requests).toHaveLength(0);
});

test("a body that is not an array of arrays is refused", async () => {
  server.on("POST", "/currencies/v1", { body: { currencies: [] } });
  await expect(getCurrencies(client())).rejects.toBeInstanceOf(InvalidResponseError);
});
