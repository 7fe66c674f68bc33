import { expect, test } from "vitest";
import { loadFixture, requestId, user } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError, InvalidResponseError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError } from "../errors/request.js";
import { getRequests } from "./getRequests.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, apiKey: "test-key", retry: false });

test("default: GET /requests/v3 with the filters in the query and the API key header", async () => {
  server.on("GET", "/requests/v3", { body: loadFixture("requests.v3.json") });
  const page = await getRequests(client(), { user, originChainId: 137, limit: 2, includeTotal: true });
  expect(page.requests).toHaveLength(2);
  expect(page.requests[0]).toMatchObject({ id: requestId, status: "success", requestType: "Bridge" });
  // Unknown fields and statuses are kept.
  expect(page.requests[0]?.data).toMatchObject({ aFieldNoTableLists: true });
  expect(page.requests[1]?.status).toBe("delayed");
  expect(page.continuation).toBe("eyJjcmVhdGVkQXQiOjE3Nzk3NDc2MTExNjF9");
  expect(server.requests[0]?.query).toEqual({
    user,
    originChainId: "137",
    limit: "2",
    includeTotal: "true",
  });
  expect(server.requests[0]?.headers["x-api-key"]).toBe("test-key");
});

test("no parameters: the first page", async () => {
  server.on("GET", "/requests/v3", { body: { requests: [] } });
  await expect(getRequests(client())).resolves.toEqual({ requests: [] });
  expect(server.requests[0]?.query).toEqual({});
});

test("bad parameters are refused before sending: limit, id, status, an unknown key", async () => {
  for (const [parameters, field] of [
    [{ limit: 51 }, "limit"],
    [{ limit: 0 }, "limit"],
    [{ id: "0x12" }, "id"],
    [{ status: "waiting" }, "status"],
    [{ recipent: user }, "recipent"],
  ] as const) {
    const error = await getRequests(client(), parameters as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ endpoint: "requests", field });
  }
  expect(server.requests).toHaveLength(0);
});

test("a 401 without a key is an ApiError; a body without requests is an InvalidResponseError", async () => {
  server.on("GET", "/requests/v3", {
    status: 401,
    body: { message: "needs an API key", errorCode: "UNAUTHORIZED" },
  });
  await expect(getRequests(client(), { id: requestId })).rejects.toBeInstanceOf(ApiError);
  server.on("GET", "/requests/v3", { body: { continuation: "x" } });
  await expect(getRequests(client(), { id: requestId })).rejects.toBeInstanceOf(InvalidResponseError);
});
