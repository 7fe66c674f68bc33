import { expect, test } from "vitest";
import { loadFixture, requestId, user } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError, InvalidResponseError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError } from "../errors/request.js";
import { type ExecuteGaslessParameters, executeGasless } from "./executeGasless.js";

// The answers here are the recorded shape of the official SDK's API types
// (test/support/fixtures/execute.json), through the test server's in-memory fetch; against the
// devnet's relayer: packages/devnet/test/gaslessExecute.test.ts.
const server = useTestServer();
const client = (retry: false | { delay: number } = false) =>
  createBaseClient({ network: { baseUrl: server.url }, fetch: server.fetch, apiKey: "relay-key", retry });

const execution = (): ExecuteGaslessParameters => ({
  executionKind: "rawCalls",
  data: {
    chainId: 8453,
    to: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
    data: "0xa9059cbb",
    value: "0",
    authorizationList: [
      {
        chainId: 8453,
        address: user,
        nonce: 0,
        yParity: 1,
        r: `0x${"11".repeat(32)}`,
        s: `0x${"22".repeat(32)}`,
      },
    ],
  },
  executionOptions: {
    referrer: "my-app",
    subsidizeFees: true,
    destinationChainExecutionData: { calls: [{ to: user, value: "1", data: "0x" }] },
  },
  requestId,
});

test("default: POST /execute with the execution as the body and the API key; the answer's request id", async () => {
  server.on("POST", "/execute", { body: loadFixture("execute.json") });
  const answer = await executeGasless(client(), execution());
  expect(answer).toMatchObject({
    message: "Transaction submitted",
    requestId: "0x9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d",
  });
  const [sent] = server.requests;
  expect(sent).toMatchObject({ method: "POST", path: "/execute", query: {} });
  expect(sent?.body).toEqual(execution());
  expect(sent?.headers["x-api-key"]).toBe("relay-key");
});

test.each([
  ["an execution kind the types do not list", { executionKind: "batch" }, "executionKind", "enum"],
  [
    "a call target that is not an address",
    { data: { ...execution().data, to: "0x1234" } },
    "data.to",
    "pattern",
  ],
  ["a value in ether, not wei", { data: { ...execution().data, value: "0.5" } }, "data.value", "pattern"],
  [
    "an empty authorization list",
    { data: { ...execution().data, authorizationList: [] } },
    "data.authorizationList",
    "min-length",
  ],
  [
    "a yParity other than 0 or 1",
    {
      data: {
        ...execution().data,
        authorizationList: [{ ...execution().data.authorizationList?.[0], yParity: 27 }],
      },
    },
    "data.authorizationList.0.yParity",
    "max",
  ],
  ["no referrer", { executionOptions: { subsidizeFees: false } }, "executionOptions.referrer", "required"],
])("%s is refused before sending, naming the field", async (_, patch, field, rule) => {
  const error = await executeGasless(client(), { ...execution(), ...patch } as never).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ endpoint: "execute", field, rule });
  expect(server.requests).toHaveLength(0);
});

test("lenient: an unknown field and a null message are accepted, the unknown field kept", async () => {
  server.on("POST", "/execute", { body: { ...loadFixture("execute.json"), message: null } });
  const answer = await executeGasless(client(), execution());
  expect(answer).toMatchObject({ message: null, queuedAt: 1778587811 });
});

test("a malformed answer is an InvalidResponseError", async () => {
  server.on("POST", "/execute", { body: { message: "Transaction submitted", requestId: 42 } });
  const error = await executeGasless(client(), execution()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidResponseError);
  expect(error).toMatchObject({ endpoint: "execute", issues: [{ path: "requestId" }] });
});

test("non-idempotent: a 500 is not sent again; a simulation failure is an ApiError with the service's body", async () => {
  server.on("POST", "/execute", { status: 500, body: { error: "Internal server error" } });
  await expect(executeGasless(client({ delay: 1 }), execution())).rejects.toMatchObject({ status: 500 });
  expect(server.requests).toHaveLength(1);
  server.on("POST", "/execute", {
    status: 400,
    body: {
      error: "DELEGATION_REDEEM_FAILED",
      message: "Delegation redemption reverted without data.",
      requestId,
    },
  });
  const error = await executeGasless(client(), execution()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).body).toMatchObject({ error: "DELEGATION_REDEEM_FAILED", requestId });
});
