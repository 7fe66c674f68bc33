import { expect, test } from "vitest";
import { requestId } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError } from "../errors/request.js";
import { reportSameChainTransaction } from "./reportSameChainTransaction.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: false });
const tx = JSON.stringify({
  to: `0x${"11".repeat(20)}`,
  data: "0x",
  value: "1",
  txHash: `0x${"ab".repeat(32)}`,
});

test("default: posts requestId, chainId and the item's data with its hash, as the official SDK does", async () => {
  server.on("POST", "/transactions/single", { body: { message: "Transaction confirmed" } });
  await expect(reportSameChainTransaction(client(), { requestId, chainId: "8453", tx })).resolves.toEqual({
    message: "Transaction confirmed",
  });
  expect(server.requests[0]?.body).toEqual({ requestId, chainId: "8453", tx });
});

test("an empty answer is accepted", async () => {
  server.on("POST", "/transactions/single", { raw: "" });
  await expect(
    reportSameChainTransaction(client(), { requestId, chainId: 8453, tx }),
  ).resolves.toBeUndefined();
});

test("a request the solver executes: the service's 400 is an ApiError", async () => {
  server.on("POST", "/transactions/single", {
    status: 400,
    body: { message: "Request is executed by the solver", errorCode: "INVALID_REQUEST" },
  });
  const error = await reportSameChainTransaction(client(), { requestId, chainId: 8453, tx }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 400 });
});

test("a broken body is refused before sending: the request id, an empty tx, a chain id that is not digits", async () => {
  for (const [body, field] of [
    [{ requestId: "0x12", chainId: 1, tx }, "requestId"],
    [{ requestId, chainId: 1, tx: "" }, "tx"],
    [{ requestId, chainId: "base", tx }, "chainId"],
  ] as const) {
    const error = await reportSameChainTransaction(client(), body as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ endpoint: "transactionsSingle", field });
  }
  expect(server.requests).toHaveLength(0);
});
