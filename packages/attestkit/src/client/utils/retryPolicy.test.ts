import { expect, test } from "vitest";
import { ApiError, InvalidJsonError, NetworkError, RateLimitError, TimeoutError } from "../errors/request.js";
import { isAmbiguousFailure, retryPolicies } from "./retryPolicy.js";

const url = "http://127.0.0.1/x";
const api = (status: number, errorCode?: string) =>
  new ApiError({ status, method: "POST", url, body: errorCode ? { errorCode } : {}, headers: {} });
const network = (code: string) =>
  new NetworkError({
    method: "POST",
    url,
    cause: new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) }),
  });

test("default: only the calls that act (a quote, an execution, a permit, a claim, a step's signature post) are non-idempotent", () => {
  expect(
    Object.entries(retryPolicies)
      .filter(([, policy]) => policy === "non-idempotent")
      .map(([name]) => name),
  ).toEqual([
    "POST /quote/v2",
    "POST /execute",
    "POST /execute/permits",
    "POST /app-fees/{wallet}/claim",
    "step signature post",
  ]);
});

test.each([
  ["a timeout", new TimeoutError({ method: "POST", url, timeoutMs: 5 }), true],
  ["a reset", network("ECONNRESET"), true],
  ["a socket closed by the other side", network("UND_ERR_SOCKET"), true],
  ["a fetch failure with no code", new NetworkError({ method: "POST", url, cause: new Error("x") }), true],
  ["a refused connection", network("ECONNREFUSED"), false],
  ["an unknown host", network("ENOTFOUND"), false],
  ["500", api(500, "UNKNOWN_ERROR"), true],
  ["502", api(502), true],
  ["503 without a code", api(503), true],
  ["503 REQUEST_TIMED_OUT", api(503, "REQUEST_TIMED_OUT"), true],
  ["504", api(504), true],
  ["503 PRICE_FETCH_FAILED", api(503, "PRICE_FETCH_FAILED"), false],
  ["503 SERVICE_UNAVAILABLE", api(503, "SERVICE_UNAVAILABLE"), false],
  ["429", new RateLimitError({ method: "POST", url, body: {}, headers: {} }), false],
  ["400", api(400, "AMOUNT_TOO_LOW"), false],
  [
    "a 2xx that is not JSON",
    new InvalidJsonError({ method: "POST", url, status: 200, text: "<html>" }),
    true,
  ],
])("%s: ambiguous %s", (_, error, ambiguous) => {
  expect(isAmbiguousFailure({ error })).toBe(ambiguous);
});

test("a refused connection is marked as never sent, with a line saying so", () => {
  const error = network("ECONNREFUSED");
  expect(error.requestSent).toBe(false);
  expect(error.metaMessages).toContain("No connection was made: the service did not receive the request.");
  const aggregate = new NetworkError({
    method: "GET",
    url,
    cause: new TypeError("fetch failed", {
      cause: Object.assign(new AggregateError([Object.assign(new Error("a"), { code: "ECONNREFUSED" })]), {
        code: "ECONNREFUSED",
      }),
    }),
  });
  expect(aggregate.requestSent).toBe(false);
});
