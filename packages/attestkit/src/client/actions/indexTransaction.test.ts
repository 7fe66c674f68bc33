import { expect, test } from "vitest";
import { requestId } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError } from "../errors/request.js";
import { indexTransaction } from "./indexTransaction.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: false });
const txHash = `0x${"ab".repeat(32)}`;

test("default: posts chainId, txHash and requestId", async () => {
  server.on("POST", "/transactions/index", { body: { message: "Success" } });
  await expect(indexTransaction(client(), { chainId: 8453, txHash, requestId })).resolves.toEqual({
    message: "Success",
  });
  expect(server.requests[0]?.body).toEqual({ chainId: 8453, txHash, requestId });
});

test("an empty answer is accepted", async () => {
  server.on("POST", "/transactions/index", { raw: "" });
  await expect(indexTransaction(client(), { chainId: "8453", txHash })).resolves.toBeUndefined();
});

test("a Bitcoin transaction not in a block: ApiError 404", async () => {
  server.on("POST", "/transactions/index", {
    status: 404,
    body: { message: "Transaction not found in a block" },
  });
  const error = await indexTransaction(client(), { chainId: 8253038, txHash: "ab".repeat(32) }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 404, serviceMessage: "Transaction not found in a block" });
});

test("a broken body is refused before sending", async () => {
  const error = await indexTransaction(client(), { chainId: 1, txHash: "has space" }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ endpoint: "transactionsIndex", field: "txHash" });
  expect(server.requests).toHaveLength(0);
});
