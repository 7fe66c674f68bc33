import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
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
  const start = Date.now();
  await fetch(`${server.url}/slow`);
  expect(Date.now() - start).toBeGreaterThanOrEqual(45);
});

test("listens on 127.0.0.1 only", () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});
