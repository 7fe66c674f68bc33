import { expect, test } from "vitest";
import { chainsResponse } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidResponseError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { InvalidJsonError } from "../errors/request.js";
import { getChains } from "./getChains.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: false });

test("default: GET /chains, parsed leniently", async () => {
  server.on("GET", "/chains", { body: chainsResponse });
  const { chains } = await getChains(client());
  expect(chains.map((c) => c.id)).toEqual([1, 8253038]); // "8253038" read as a number
  expect(chains[0]?.somethingNew).toBe(1);
  expect(chains[1]?.disabled).toBeNull();
  expect(server.requests[0]?.method).toBe("GET");
});

test("chains not an array is refused", async () => {
  server.on("GET", "/chains", { body: { chains: null } });
  await expect(getChains(client())).rejects.toBeInstanceOf(InvalidResponseError);
});

test("malformed JSON is an InvalidJsonError", async () => {
  server.on("GET", "/chains", { raw: "{chains:" });
  await expect(getChains(client())).rejects.toBeInstanceOf(InvalidJsonError);
});

test("a per-call signal aborts", async () => {
  // The answer would take ten minutes: only the abort, once the request has arrived, ends the call.
  server.on("GET", "/chains", { delayMs: 600_000, body: chainsResponse });
  const controller = new AbortController();
  void server.waitForRequests(1).then(() => controller.abort());
  await expect(getChains(client(), { signal: controller.signal })).rejects.toMatchObject({
    name: "AbortError",
  });
});
