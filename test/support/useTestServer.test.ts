import { expect, test } from "vitest";
import { useTestServer } from "./useTestServer.js";

const server = useTestServer();
// Read while the file is collected, before any hook has run.
let early: unknown;
try {
  void server.url;
} catch (error) {
  early = error;
}

test("before the file's tests start, the server cannot be used", () => {
  expect(early).toBeInstanceOf(Error);
  expect((early as Error).message).toMatch(/starts before the file's tests/);
});

test("default: a running server, programmed and recorded through the handle", async () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  server.on("GET", "/chains", { body: { chains: [] } });
  const response = await fetch(`${server.url}/chains`);
  expect(await response.json()).toEqual({ chains: [] });
  await server.waitForRequests(1);
  expect(server.requestsTo("GET", "/chains")).toHaveLength(1);
  expect(server.requests).toHaveLength(1);
});

test("each test starts from a reset server: no routes, no requests", async () => {
  expect(server.requests).toEqual([]);
  expect((await fetch(`${server.url}/chains`)).status).toBe(404);
  expect((await server.fetch(`${server.url}/chains`)).status).toBe(404);
});
