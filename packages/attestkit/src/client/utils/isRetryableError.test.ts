import { expect, test } from "vitest";
import {
  AbortError,
  ApiError,
  InvalidJsonError,
  NetworkError,
  RateLimitError,
  TimeoutError,
} from "../errors/request.js";
import { isRetryableError, transientErrorCodes } from "./isRetryableError.js";

const url = "http://127.0.0.1/x";
const api = (status: number, body: unknown = {}) =>
  new ApiError({ status, method: "POST", url, body, headers: {} });

test("default: 429, 502, 503, 504 are retried", () => {
  expect(isRetryableError({ error: new RateLimitError({ method: "GET", url, body: {}, headers: {} }) })).toBe(
    true,
  );
  for (const status of [502, 503, 504]) expect(isRetryableError({ error: api(status) })).toBe(true);
});

test("other statuses are not", () => {
  for (const status of [400, 401, 403, 404, 409, 422, 500, 501])
    expect(isRetryableError({ error: api(status) })).toBe(false);
});

test("transient codes are retried whatever the status, in either body shape", () => {
  expect(transientErrorCodes).toEqual([
    "PRICE_FETCH_FAILED",
    "SERVICE_UNAVAILABLE",
    "REQUEST_TIMED_OUT",
    "RPC_HTTP_ERROR",
  ]);
  for (const code of transientErrorCodes) {
    expect(isRetryableError({ error: api(500, { message: "x", errorCode: code }) })).toBe(true);
    expect(isRetryableError({ error: api(400, { message: "x", code }) })).toBe(true);
  }
  expect(isRetryableError({ error: api(500, { message: "x", errorCode: "UNKNOWN_ERROR" }) })).toBe(false);
});

test("network errors and timeouts are retried; aborts, bad JSON and foreign errors are not", () => {
  expect(isRetryableError({ error: new NetworkError({ method: "GET", url, cause: new Error("x") }) })).toBe(
    true,
  );
  expect(isRetryableError({ error: new TimeoutError({ method: "GET", url, timeoutMs: 5 }) })).toBe(true);
  expect(isRetryableError({ error: new AbortError() })).toBe(false);
  expect(
    isRetryableError({ error: new InvalidJsonError({ method: "GET", url, status: 200, text: "x" }) }),
  ).toBe(false);
  expect(isRetryableError({ error: new TypeError("x") })).toBe(false);
});
