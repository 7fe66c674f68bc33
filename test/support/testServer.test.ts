import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { createTestServer, type TestServer } from "./testServer.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

test("default: answers a programmed route with JSON and records the request", async () => {
  server.on("POST", "/quote/v2", { status: 201, headers: { "x-test": "yes" }, body: { ok: true } });
  const response = await fetch(`${server.url}/quote/v2?a=1`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "k" },
    body: JSON.stringify({ amount: "1" }),
  });
  expect(response.status).toBe(201);
  expect(response.headers.get("x-test")).toBe("yes");
  expect(response.headers.get("content-type")).toBe("application/json");
  expect(await response.json()).toEqual({ ok: true });
  expect(server.requests).toHaveLength(1);
  const [request] = server.requests;
  expect(request).toMatchObject({
    method: "POST",
    path: "/quote/v2",
    query: { a: "1" },
    body: { amount: "1" },
  });
  expect(request?.headers["x-api-key"]).toBe("k");
});

test("handlers are consumed in order and the last one repeats", async () => {
  server.on("GET", "/chains", { status: 503 }, { body: { n: 2 } });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/chains`)).status);
  expect(statuses).toEqual([503, 200, 200]);
  expect(server.requestsTo("GET", "/chains")).toHaveLength(3);
});

test("function handlers see the request; raw bodies are sent unchanged", async () => {
  server.on("GET", "/echo", (request) => ({ raw: `query=${request.query.q}` }));
  const response = await fetch(`${server.url}/echo?q=hi`);
  expect(await response.text()).toBe("query=hi");
});

test("unprogrammed routes answer 404", async () => {
  const response = await fetch(`${server.url}/nothing`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: "No route GET /nothing", code: "NOT_FOUND" });
});

test("destroy drops the connection", async () => {
  server.on("GET", "/drop", { destroy: true });
  await expect(fetch(`${server.url}/drop`)).rejects.toThrow("fetch failed");
});

test("delayMs delays the answer", async () => {
  server.on("GET", "/slow", { delayMs: 50, body: {} });
  // The delay on a fake clock: the answer comes when the clock has moved 50 ms, not before.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    let answered = false;
    const response = fetch(`${server.url}/slow`).then((r) => {
      answered = true;
      return r;
    });
    await server.waitForRequests(1);
    await vi.advanceTimersByTimeAsync(49);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await response).status).toBe(200);
  } finally {
    vi.useRealTimers();
  }
});

test("waitForRequests resolves once that many requests arrived", async () => {
  server.on("GET", "/one", { body: {} });
  const second = server.waitForRequests(2);
  await fetch(`${server.url}/one`);
  expect(server.requests).toHaveLength(1);
  await fetch(`${server.url}/one`);
  await second;
  await server.waitForRequests(2); // already there: at once
});

test("fetch answers from the same routes in memory, recording the request", async () => {
  server.on("POST", "/memory", { status: 201, headers: { "x-a": "1" }, body: { ok: true } });
  server.on("GET", "/gone", { destroy: true });
  const response = await server.fetch(`${server.url}/memory?q=1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ n: 1 }),
  });
  expect([response.status, response.headers.get("x-a"), await response.json()]).toEqual([
    201,
    "1",
    { ok: true },
  ]);
  expect(server.requests.at(-1)).toMatchObject({
    method: "POST",
    path: "/memory",
    query: { q: "1" },
    body: { n: 1 },
  });
  await expect(server.fetch(`${server.url}/gone`)).rejects.toThrow("fetch failed");
  expect((await server.fetch(`${server.url}/nothing`)).status).toBe(404);
});

test("listens on 127.0.0.1 only", () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});
