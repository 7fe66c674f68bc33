import { expect, test } from "vitest";
import { useTestServer } from "../../../../test/support/useTestServer.js";
import { baseUrls, createBaseClient } from "./createBaseClient.js";
import { serviceActions } from "./decorators/serviceActions.js";
import { InvalidClientConfigError, InvalidOptionError } from "./errors/config.js";

const server = useTestServer();

test("default: mainnet", () => {
  const client = createBaseClient({ network: "mainnet" });
  expect(client).toMatchObject({
    network: "mainnet",
    baseUrl: "https://api.relay.link",
    hasApiKey: false,
    timeoutMs: 30_000,
    retry: {},
    referrer: undefined,
  });
  expect(typeof client.request).toBe("function");
  expect(typeof client.extend).toBe("function");
});

test("testnet and custom base URLs", () => {
  expect(baseUrls).toEqual({ mainnet: "https://api.relay.link", testnet: "https://api.testnets.relay.link" });
  expect(createBaseClient({ network: "testnet" }).baseUrl).toBe("https://api.testnets.relay.link");
  const custom = createBaseClient({ network: { baseUrl: "http://127.0.0.1:8080/api/" } });
  expect(custom).toMatchObject({ network: "custom", baseUrl: "http://127.0.0.1:8080/api" });
});

test("the API key is not readable from the client, nor printed with it", () => {
  const apiKey = "sk_live_abcdef123456";
  const client = createBaseClient({ network: "mainnet", apiKey, referrer: "app" });
  expect(client.hasApiKey).toBe(true);
  expect(JSON.stringify(client)).not.toContain(apiKey);
  expect(Object.values(client).some((v) => v === apiKey)).toBe(false);
  const extended = client.extend(() => ({ more: 1 }));
  expect(JSON.stringify(extended)).not.toContain(apiKey);
});

test("request uses the key, timeout and retry of the client; per-call options override", async () => {
  server.on("GET", "/chains", { status: 503, body: {} }, { body: { ok: true } });
  const client = createBaseClient({ network: { baseUrl: server.url }, apiKey: "k1", retry: false });
  await expect(client.request({ method: "GET", path: "/chains" })).rejects.toMatchObject({ status: 503 });
  await expect(client.request({ method: "GET", path: "/chains", retry: { delay: 1 } })).resolves.toEqual({
    ok: true,
  });
  expect(server.requests.map((r) => r.headers["x-api-key"])).toEqual(["k1", "k1"]);
});

test("per-call retry settings are merged over the client's", async () => {
  server.on("GET", "/chains", { status: 503, body: {} });
  const client = createBaseClient({ network: { baseUrl: server.url }, retry: { retryCount: 1, delay: 1 } });
  const waits: number[] = [];
  await expect(
    client.request({
      method: "GET",
      path: "/chains",
      retry: { delay: 4, random: () => 0, onRetry: ({ delayMs }) => waits.push(delayMs) },
    }),
  ).rejects.toMatchObject({ status: 503 });
  // retryCount 1 from the client, delay 4 from the call.
  expect(server.requests).toHaveLength(2);
  expect(waits).toEqual([2]);
});

test("a custom fetch is used", async () => {
  const seen: string[] = [];
  server.on("GET", "/chains", { body: { ok: true } });
  const client = createBaseClient({
    network: { baseUrl: server.url },
    fetch: (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    },
  });
  await client.request({ method: "GET", path: "/chains" });
  expect(seen).toEqual([`${server.url}/chains`]);
});

test("extend adds members and keeps extending", () => {
  const client = createBaseClient({ network: "mainnet" })
    .extend((c) => ({ first: () => c.baseUrl }))
    .extend((c) => ({ second: () => c.first() }));
  expect(client.first()).toBe("https://api.relay.link");
  expect(client.second()).toBe("https://api.relay.link");
  expect(client.network).toBe("mainnet");
});

test("extend cannot replace a member the client has: its request, settings, extend, an action bound before", async () => {
  server.on("GET", "/chains", { body: { ok: true } });
  const client = createBaseClient({ network: { baseUrl: server.url } }).extend(serviceActions);
  const { request, getQuote } = client;
  // An extension that returns the client's own keys: they are dropped, its new members are added.
  const extended = client.extend(() => ({
    request: async () => "replaced",
    getQuote: async () => "replaced",
    baseUrl: "https://elsewhere.example",
    extend: () => "replaced",
    chainIds: () => [1],
  }));
  expect(extended.request).toBe(request);
  expect(extended.getQuote).toBe(getQuote);
  expect(extended.baseUrl).toBe(server.url);
  expect(extended.chainIds()).toEqual([1]);
  await expect(extended.request({ method: "GET", path: "/chains" })).resolves.toEqual({ ok: true });
  expect(server.requests).toHaveLength(1);
  // Its extend is still the client's: it keeps extending, and keeps protecting.
  const further = extended.extend(() => ({ request: async () => "replaced", more: 1 }));
  expect(further.more).toBe(1);
  expect(further.request).toBe(request);
});

test("solvers: kept as a copy, undefined (the live solver) when not given", () => {
  const given = ["0xf70da97812cb96acdf810712aa562db8dfa3dbef"];
  const client = createBaseClient({ network: "mainnet", solvers: given });
  given.push("0x1111111111111111111111111111111111111111");
  expect(client.solvers).toEqual(["0xf70da97812cb96acdf810712aa562db8dfa3dbef"]);
  expect(createBaseClient({ network: "mainnet" }).solvers).toBeUndefined();
});

test("invalid configurations are typed errors", () => {
  const cases: [unknown, string][] = [
    [{ network: "devnet" }, "network"],
    [{ network: { baseUrl: "not a url" } }, "network.baseUrl"],
    [{ network: { baseUrl: "ftp://x" } }, "network.baseUrl"],
    [{ network: { baseUrl: "https://x/?apiKey=secret" } }, "network.baseUrl"],
    [{ network: { baseUrl: "https://user:pw@x" } }, "network.baseUrl"],
    [{ network: "mainnet", timeoutMs: 0 }, "timeoutMs"],
    [{ network: "mainnet", timeoutMs: -1 }, "timeoutMs"],
    [{ network: "mainnet", timeoutMs: Number.NaN }, "timeoutMs"],
    [{ network: "mainnet", timeoutMs: 2 ** 31 }, "timeoutMs"],
    [{ network: "mainnet", timeoutMs: Number.POSITIVE_INFINITY }, "timeoutMs"],
    [{ network: "mainnet", retry: { retryCount: -1 } }, "retry.retryCount"],
    [{ network: "mainnet", retry: { maxDelayMs: 2 ** 31 } }, "retry.maxDelayMs"],
    [{ network: "mainnet", apiKey: "" }, "apiKey"],
    [{ network: "mainnet", solvers: [] }, "solvers"],
    [{ network: "mainnet", solvers: "0xf70da97812cb96acdf810712aa562db8dfa3dbef" }, "solvers"],
    [{ network: "mainnet", solvers: ["0xf70da97812cb96acdf810712aa562db8dfa3db"] }, "solvers[0]"],
  ];
  for (const [config, field] of cases) {
    const error = (() => {
      try {
        createBaseClient(config as Parameters<typeof createBaseClient>[0]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidClientConfigError);
    expect((error as InvalidClientConfigError).field).toBe(field);
    expect((error as Error).message).not.toContain("secret");
  }
  expect(() => createBaseClient({ network: "devnet" as "mainnet" })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidClientConfigError: Client option "network" is invalid: unknown network "devnet".

    network is 'mainnet', 'testnet' or { baseUrl: 'http(s)://...' }.
    Version: attestkit@0.1.0]
  `);
});

test("a call's timeoutMs of 2^31 or more, negative or NaN is refused before anything is sent", async () => {
  server.on("GET", "/chains", { body: { ok: true } });
  const client = createBaseClient({ network: { baseUrl: server.url } });
  for (const timeoutMs of [2 ** 31, 2 ** 32 + 1, -5, 0, Number.NaN]) {
    const error = await client
      .request({ method: "GET", path: "/chains", timeoutMs })
      .catch((e: unknown) => e);
    expect(error, String(timeoutMs)).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option).toBe("timeoutMs");
  }
  await expect(
    client.request({ method: "GET", path: "/chains", retry: { delay: Number.NaN } }),
  ).rejects.toMatchObject({ option: "retry.delay" });
  expect(server.requests).toHaveLength(0);
  expect(
    await client.request({ method: "GET", path: "/chains", timeoutMs: 2 ** 31 - 1 }).catch((e: unknown) => e),
  ).toEqual({ ok: true });
});
