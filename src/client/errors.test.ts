import { describe, expect, test } from "vitest";
import { BaseError } from "../errors/BaseError.js";
import {
  AbortError,
  AccountMismatchError,
  ApiError,
  ChainMismatchError,
  InvalidJsonError,
  InvalidStepItemError,
  MissingStepHandlerError,
  NetworkError,
  RateLimitError,
  StepCheckFailedError,
  StepCheckTimeoutError,
  TimeoutError,
  TransactionRevertedError,
  WaitForStatusTimeoutError,
} from "./errors.js";

const url = "https://api.relay.link/quote/v2";

describe("ApiError", () => {
  test("default: reads errorCode, message and requestId from the body; status from the response", () => {
    const error = new ApiError({
      status: 500,
      method: "POST",
      url,
      body: { message: "Unknown error", errorCode: "UNKNOWN_ERROR", requestId: "0xabc", status: 400 },
      headers: { "content-type": "application/json" },
    });
    expect(error).toBeInstanceOf(BaseError);
    expect(error).toMatchObject({ name: "ApiError", status: 500, code: "UNKNOWN_ERROR", requestId: "0xabc" });
    expect(error.message).toMatchInlineSnapshot(`
      "The service answered HTTP 500 UNKNOWN_ERROR: Unknown error

      Request: POST https://api.relay.link/quote/v2
      Service request id: 0xabc

      Details: {"message":"Unknown error","errorCode":"UNKNOWN_ERROR","requestId":"0xabc","status":400}
      Version: attestkit@0.1.0"
    `);
  });

  test("code shape; non-string fields are ignored", () => {
    const error = new ApiError({
      status: 400,
      method: "GET",
      url,
      body: { message: 7, code: "X", requestId: 1 },
      headers: {},
    });
    expect(error).toMatchObject({ code: "X", requestId: undefined, serviceMessage: "HTTP 400" });
  });

  test("array and null bodies carry no fields", () => {
    expect(new ApiError({ status: 400, method: "GET", url, body: [1], headers: {} }).code).toBeUndefined();
    expect(new ApiError({ status: 400, method: "GET", url, body: null, headers: {} }).code).toBeUndefined();
  });

  test("a long text body is shortened in the message", () => {
    const error = new ApiError({ status: 502, method: "GET", url, body: "x".repeat(500), headers: {} });
    expect(error.shortMessage.length).toBeLessThan(160);
    expect(error.body).toBe("x".repeat(500));
  });
});

test("RateLimitError is an ApiError with status 429 and the wait", () => {
  const error = new RateLimitError({
    method: "GET",
    url,
    body: { message: "Too many requests" },
    headers: {},
    retryAfterMs: 1000,
  });
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ name: "RateLimitError", status: 429, retryAfterMs: 1000 });
  expect(error.message).toMatchInlineSnapshot(`
    "The service answered HTTP 429: Too many requests

    Request: GET https://api.relay.link/quote/v2
    Retry after: 1000 ms

    Details: {"message":"Too many requests"}
    Version: attestkit@0.1.0"
  `);
});

test("transport errors", () => {
  expect(new TimeoutError({ method: "GET", url, timeoutMs: 5 }).message).toMatchInlineSnapshot(`
    "The request timed out after 5 ms.

    Request: GET https://api.relay.link/quote/v2
    Raise \`timeoutMs\` in createClient if the service is slow.
    Version: attestkit@0.1.0"
  `);
  const network = new NetworkError({ method: "GET", url, cause: new TypeError("fetch failed") });
  expect(network.cause).toBeInstanceOf(TypeError);
  expect(network.details).toBe("fetch failed");
  const json = new InvalidJsonError({
    method: "GET",
    url,
    status: 200,
    text: "<html>",
    cause: new SyntaxError("Unexpected token"),
  });
  expect(json.shortMessage).toBe("The service answered HTTP 200 with a body that is not JSON.");
  expect(json.metaMessages).toEqual([`Request: GET ${url}`, "Body: <html>"]);
  expect(new AbortError({ cause: "stop" })).toMatchObject({ name: "AbortError", cause: "stop" });
});

test("WaitForStatusTimeoutError carries the last status", () => {
  const lastStatus = { status: "pending", inTxHashes: ["0x1"] };
  const error = new WaitForStatusTimeoutError({ requestId: "0xab", timeoutMs: 100, lastStatus });
  expect(error.lastStatus).toBe(lastStatus);
  expect(error.message).toMatchInlineSnapshot(`
    "Request 0xab did not reach a final status within 100 ms.

    Last status: pending
    Bitcoin deposits need block confirmations (about 10 minutes each): raise \`timeoutMs\` for them.
    Version: attestkit@0.1.0"
  `);
  expect(
    new WaitForStatusTimeoutError({ requestId: "0xab", timeoutMs: 1, lastStatus: undefined }).metaMessages[0],
  ).toBe("Last status: none received");
});

test("step errors", () => {
  expect(new MissingStepHandlerError({ handler: "signPsbt", stepId: "deposit" }).shortMessage).toBe(
    'Step "deposit" needs the handler "signPsbt", which was not given.',
  );
  expect(new InvalidStepItemError({ stepId: "s", itemIndex: 1, reason: "it has no data" }).shortMessage).toBe(
    'Step "s" item 1 cannot be executed: it has no data.',
  );
  expect(new ChainMismatchError({ expectedChainId: 10, walletChainId: 1 }).shortMessage).toBe(
    "The wallet is on chain 1, the step needs chain 10.",
  );
  expect(new AccountMismatchError({ expected: "0xa", actual: "0xb" }).shortMessage).toBe(
    "The step must be sent from 0xa, the wallet's account is 0xb.",
  );
  expect(new TransactionRevertedError({ hash: "0x12", chainId: 1, stepId: "deposit" }).metaMessages).toEqual([
    "Transaction: 0x12",
  ]);
  const failed = new StepCheckFailedError({
    stepId: "deposit",
    status: "refund",
    statusResponse: { failReason: "TTL_EXPIRED" },
  });
  expect(failed.metaMessages).toEqual(["Fail reason: TTL_EXPIRED"]);
  expect(
    new StepCheckFailedError({ stepId: "d", status: "refund", statusResponse: { failReason: "N/A" } })
      .metaMessages,
  ).toEqual([]);
  expect(
    new StepCheckTimeoutError({ stepId: "d", timeoutMs: 5, lastStatus: "waiting" }).metaMessages,
  ).toEqual(["Last status: waiting"]);
});
