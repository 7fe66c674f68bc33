import { expect, test } from "vitest";
import { requestId, statusResponse } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { getStatus } from "./getStatus.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: false });

test("default: GET /intents/status/v3?requestId=", async () => {
  server.on("GET", "/intents/status/v3", { body: statusResponse("pending", { unknownField: "kept" }) });
  const status = await getStatus(client(), { requestId });
  expect(status).toMatchObject({
    status: "pending",
    destinationChainId: 8453,
    unknownField: "kept",
    failReason: "N/A",
  });
  expect(server.requests[0]?.query).toEqual({ requestId });
});

test("the referrer travels in the query", async () => {
  server.on("GET", "/intents/status/v3", { body: statusResponse("pending") });
  await getStatus(client(), { requestId, referrer: "app.example" });
  expect(server.requests[0]?.query).toEqual({ requestId, referrer: "app.example" });
});

test("an unknown status string is kept", async () => {
  server.on("GET", "/intents/status/v3", { body: { status: "delayed" } });
  await expect(getStatus(client(), { requestId })).resolves.toMatchObject({ status: "delayed" });
});

test("a request id that is not 32 bytes of hex is refused before sending", async () => {
  const error = await getStatus(client(), { requestId: "0x1234" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ endpoint: "status", field: "requestId", rule: "pattern" });
  expect(server.requests).toHaveLength(0);
});
