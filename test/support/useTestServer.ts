import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestServer, type TestServer } from "./testServer.js";

/**
 * The test server of one test file: started before its tests, reset before each one, closed after
 * them all. What it returns reads the running server on every use, so it can be held at the top
 * of the file; used before the server has started (outside a test or hook), it throws.
 *
 * @returns The file's server. {@link TestServer}
 * @example
 * const server = useTestServer()
 * test("GET /chains", async () => { server.on("GET", "/chains", { body }) })
 */
export function useTestServer(): TestServer {
  let server: TestServer | undefined;
  const current = () => {
    if (server === undefined)
      throw new Error("the test server starts before the file's tests: use it in a test or hook");
    return server;
  };
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => current().close());
  beforeEach(() => current().reset());
  return {
    get url() {
      return current().url;
    },
    get requests() {
      return current().requests;
    },
    get fetch() {
      return current().fetch;
    },
    on: (method, path, ...handlers) => current().on(method, path, ...handlers),
    requestsTo: (method, path) => current().requestsTo(method, path),
    waitForRequests: (count) => current().waitForRequests(count),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}
