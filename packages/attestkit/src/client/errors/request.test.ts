import { describe, expect, test } from "vitest";
import { BaseError } from "../../errors/BaseError.js";
import {
  AbortError,
  ApiError,
  InvalidJsonError,
  NetworkError,
  RateLimitError,
  RedirectError,
  TimeoutError,
} from "./request.js";

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

test("RedirectError: the status, the stripped target and what to do, by reason", () => {
  const common = {
    status: 307,
    method: "POST",
    url,
    location: "https://elsewhere.example/quote/v2?apiKey=[redacted]",
  };
  const method = new RedirectError({ ...common, reason: "method", hops: 0 });
  expect(method).toBeInstanceOf(BaseError);
  expect(method.message).toMatchInlineSnapshot(`
    "The service answered HTTP 307, a redirect to https://elsewhere.example/quote/v2?apiKey=[redacted]: a POST is not re-sent there.

    Request: POST https://api.relay.link/quote/v2
    Point the client's baseUrl at the address the service moved to, then send it again.
    Version: attestkit@0.1.0"
  `);
  const loop = new RedirectError({ ...common, method: "GET", reason: "too-many", hops: 5 });
  expect(loop.message).toMatchInlineSnapshot(`
    "The service redirected 5 times and then again (HTTP 307 to https://elsewhere.example/quote/v2?apiKey=[redacted]): given up.

    Request: GET https://api.relay.link/quote/v2
    Redirects followed before: 5
    A redirect loop: check the client's baseUrl and any proxy in front of the service.
    Version: attestkit@0.1.0"
  `);
  const unreadable = new RedirectError({
    ...common,
    method: "GET",
    location: undefined,
    reason: "no-location",
    hops: 1,
  });
  expect(unreadable.message).toMatchInlineSnapshot(`
    "The service answered HTTP 307, a redirect to an unreadable location: not followed.

    Request: GET https://api.relay.link/quote/v2
    Redirects followed before: 1
    Point the client's baseUrl at the address the service moved to.
    Version: attestkit@0.1.0"
  `);
});
