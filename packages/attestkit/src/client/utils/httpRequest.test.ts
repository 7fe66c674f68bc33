import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { createTestServer, type TestServer } from "../../../../../test/support/testServer.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { createClient } from "../createClient.js";
import {
  AbortError,
  ApiError,
  InvalidJsonError,
  NetworkError,
  RateLimitError,
  RedirectError,
  TimeoutError,
} from "../errors/request.js";
import { type HttpRequestParameters, httpRequest, maxRedirects } from "./httpRequest.js";

const server = useTestServer();
afterEach(() => {
  vi.useRealTimers();
});

const apiKey = "sk_test_9f8e7d6c5b4a";
const fast = { delay: 1, random: () => 0 };

/**
 * A clock that only the retry waits move: `retry.sleep` records each wait and advances `retry.now`
 * by it, so retry timing is exact and no test waits in real time.
 */
function fakeRetryClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async ({ ms }: { ms: number }) => {
      waits.push(ms);
      now += ms;
    },
  };
}

/**
 * Per-attempt timeouts on a fake timer: `setTimeout` is faked (sockets are not), so an attempt times
 * out when the test advances the clock and never because the machine is slow; a `delayMs` answer of
 * the test server never comes unless the clock is advanced that far.
 */
function fakeAttemptTimers() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
}

/** The error a promise rejects with; fails the test when it resolves. */
function rejection<error = ApiError>(promise: Promise<unknown>): Promise<error> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e as error,
  );
}

function call(overrides: Partial<HttpRequestParameters> = {}) {
  return httpRequest({
    baseUrl: server.url,
    fetch: globalThis.fetch,
    method: "GET",
    path: "/chains",
    timeoutMs: 30_000,
    retry: fast,
    ...overrides,
  });
}

test("default: sends JSON with the key in x-api-key and returns the parsed body", async () => {
  server.on("POST", "/quote/v2", { body: { steps: [] } });
  await expect(call({ method: "POST", path: "/quote/v2", body: { amount: "1" }, apiKey })).resolves.toEqual({
    steps: [],
  });
  const [request] = server.requests;
  expect(request?.headers["x-api-key"]).toBe(apiKey);
  expect(request?.headers["content-type"]).toBe("application/json");
  expect(request?.headers.accept).toBe("application/json");
  expect(request?.body).toEqual({ amount: "1" });
  expect(request?.query).toEqual({});
});

test("no key: no x-api-key header; GET sends no body", async () => {
  server.on("GET", "/chains", { body: { chains: [] } });
  await call();
  expect(server.requests[0]?.headers["x-api-key"]).toBeUndefined();
  expect(server.requests[0]?.headers["content-type"]).toBeUndefined();
  expect(server.requests[0]?.rawBody).toBe("");
});

test("query parameters are encoded; undefined ones are left out; a path query is kept", async () => {
  server.on("GET", "/intents/status/v3", { body: {} });
  await call({ path: "/intents/status/v3?x=1", query: { requestId: "0xab&c", skip: undefined, n: 2 } });
  expect(server.requests[0]?.query).toEqual({ x: "1", requestId: "0xab&c", n: "2" });
});

test("a base URL with a path prefix keeps it", async () => {
  server.on("GET", "/prefix/chains", { body: { ok: 1 } });
  await expect(call({ baseUrl: `${server.url}/prefix/` })).resolves.toEqual({ ok: 1 });
});

test("the key is never sent to another origin named by an absolute path", async () => {
  const other = await createTestServer();
  try {
    other.on("GET", "/check", { body: { status: "pending" } });
    await call({ path: `${other.url}/check`, apiKey });
    expect(other.requests[0]?.headers["x-api-key"]).toBeUndefined();
  } finally {
    await other.close();
  }
});

test("an empty 2xx body is undefined", async () => {
  server.on("POST", "/transactions/index", { status: 200, raw: "" });
  await expect(call({ method: "POST", path: "/transactions/index", body: {} })).resolves.toBeUndefined();
});

describe("error bodies", () => {
  test("errorCode shape: real HTTP status, code, message, requestId, body, headers", async () => {
    const body = {
      message: "Invalid address",
      errorCode: "INVALID_ADDRESS",
      requestId: "req-1",
      status: 200,
    };
    server.on("POST", "/quote/v2", { status: 400, headers: { "x-trace": "t1" }, body });
    const error = await rejection(call({ method: "POST", path: "/quote/v2", body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: "ApiError",
      status: 400, // not the body's "status": 200
      code: "INVALID_ADDRESS",
      serviceMessage: "Invalid address",
      requestId: "req-1",
      method: "POST",
      url: `${server.url}/quote/v2`,
      body,
      retryAfterMs: undefined,
    });
    expect(error.headers["x-trace"]).toBe("t1");
    expect(error.message.replace(server.url, "URL")).toMatchInlineSnapshot(`
      "The service answered HTTP 400 INVALID_ADDRESS: Invalid address

      Request: POST URL/quote/v2
      Service request id: req-1

      Details: {"message":"Invalid address","errorCode":"INVALID_ADDRESS","requestId":"req-1","status":200}
      Version: attestkit@0.1.0"
    `);
  });

  test("code shape (signature endpoint)", async () => {
    server.on("GET", "/requests/0x01/signature", {
      status: 404,
      body: { message: "Request not found", code: "NOT_FOUND" },
    });
    const error = await rejection(call({ path: "/requests/0x01/signature" }));
    expect(error).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      serviceMessage: "Request not found",
      requestId: undefined,
    });
    expect(error.shortMessage).toBe("The service answered HTTP 404 NOT_FOUND: Request not found");
  });

  test("errorCode wins over code when both are present", async () => {
    server.on("GET", "/chains", { status: 400, body: { message: "m", errorCode: "A", code: "B" } });
    await expect(call()).rejects.toMatchObject({ code: "A" });
  });

  test("a non-JSON error body (proxy page) is kept as text", async () => {
    server.on("GET", "/chains", { status: 500, raw: "<html>Internal</html>" });
    const error = await rejection(call());
    expect(error).toMatchObject({ status: 500, code: undefined, body: "<html>Internal</html>" });
    expect(error.shortMessage).toBe("The service answered HTTP 500: <html>Internal</html>");
  });

  test("an empty error body", async () => {
    server.on("GET", "/chains", { status: 401, raw: "" });
    const error = await rejection(call());
    expect(error).toMatchObject({ status: 401, body: undefined, serviceMessage: "HTTP 401" });
  });
});

describe("API key never leaks", () => {
  test("not in message, url, body or headers of an error, even when the service echoes it", async () => {
    server.on("GET", "/chains", {
      status: 401,
      headers: { "x-echo": `key ${apiKey}` },
      body: { message: `Invalid API key ${apiKey}`, errorCode: "UNAUTHORIZED", [apiKey]: apiKey },
    });
    const error = await rejection(call({ apiKey, retry: false }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("UNAUTHORIZED");
    const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    expect(everything).not.toContain(apiKey);
    expect(error.serviceMessage).toBe("Invalid API key [redacted]");
  });

  test("not in network, timeout or JSON errors", async () => {
    server.on("GET", "/drop", { destroy: true });
    server.on("GET", "/slow", { delayMs: 60_000, body: {} });
    server.on("GET", "/bad", { raw: `oops ${apiKey}` });
    fakeAttemptTimers();
    const slow = rejection<Error>(call({ apiKey, path: "/slow", retry: false, timeoutMs: 20 }));
    await server.waitForRequests(1);
    await vi.advanceTimersByTimeAsync(20);
    const errors = await Promise.all([
      rejection<Error>(call({ apiKey, path: "/drop", retry: false })),
      slow,
      rejection<Error>(call({ apiKey, path: "/bad", retry: false })),
    ]);
    expect(errors.map((e) => e.name)).toEqual(["NetworkError", "TimeoutError", "InvalidJsonError"]);
    for (const error of errors)
      expect(JSON.stringify({ ...error, message: error.message })).not.toContain(apiKey);
  });
});

describe("retries", () => {
  test("429 without Retry-After, then 200: retried with backoff", async () => {
    server.on(
      "GET",
      "/chains",
      { status: 429, body: { message: "Too many requests" } },
      { body: { chains: [] } },
    );
    const clock = fakeRetryClock();
    await expect(call({ retry: { ...fast, ...clock, delay: 20 } })).resolves.toEqual({
      chains: [],
    });
    expect(server.requests).toHaveLength(2);
    expect(clock.waits).toEqual([10]); // half of 20 with the lowest jitter
  });

  test("429 with Retry-After (seconds), then 200: waits what the service said", async () => {
    server.on(
      "GET",
      "/chains",
      { status: 429, headers: { "retry-after": "0.05" }, body: { message: "slow" } },
      { body: {} },
    );
    const clock = fakeRetryClock();
    await call({ retry: { ...fast, ...clock } });
    expect(clock.waits).toEqual([50]);
    expect(server.requests).toHaveLength(2);
  });

  test("429 with Retry-After as an HTTP date", async () => {
    // A minute ahead: however slow the machine, the wait read from it is far from 0.
    const at = new Date(Date.now() + 60_000).toUTCString();
    server.on("GET", "/chains", { status: 429, headers: { "retry-after": at } }, { body: {} });
    const clock = fakeRetryClock();
    await call({ retry: { ...fast, ...clock, maxElapsedMs: 120_000 } });
    // HTTP dates have whole seconds: the wait lies between 59 s and 60 s, less the time the answer took.
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThan(30_000);
    expect(clock.waits[0]).toBeLessThanOrEqual(60_000);
    expect(server.requests).toHaveLength(2);
  });

  test("a 429 storm ends in a RateLimitError carrying Retry-After", async () => {
    server.on("GET", "/chains", {
      status: 429,
      headers: { "retry-after": "0" },
      body: { message: "slow down" },
    });
    const error = await rejection(call({ retry: { ...fast, retryCount: 2 } }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: "RateLimitError",
      status: 429,
      retryAfterMs: 0,
      serviceMessage: "slow down",
    });
    expect(server.requests).toHaveLength(3);
  });

  test("a 503 storm ends in a typed ApiError after retryCount + 1 attempts", async () => {
    server.on("POST", "/quote/v2", {
      status: 503,
      body: { message: "Price fetch failed", errorCode: "PRICE_FETCH_FAILED" },
    });
    const error = await rejection(
      call({ method: "POST", path: "/quote/v2", body: {}, retry: { ...fast, retryCount: 4 } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: "PRICE_FETCH_FAILED" });
    expect(server.requests).toHaveLength(5);
  });

  test("502 and 504 then success", async () => {
    server.on(
      "GET",
      "/chains",
      { status: 502, raw: "bad gateway" },
      { status: 504, raw: "" },
      { body: { ok: true } },
    );
    await expect(call()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });

  test("transient codes are retried on other statuses", async () => {
    server.on(
      "GET",
      "/chains",
      { status: 500, body: { message: "rpc", errorCode: "RPC_HTTP_ERROR" } },
      { body: {} },
    );
    await call();
    expect(server.requests).toHaveLength(2);
  });

  test("a 400 is not retried", async () => {
    server.on("GET", "/chains", { status: 400, body: { message: "bad", errorCode: "AMOUNT_TOO_LOW" } });
    await expect(call()).rejects.toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(1);
  });

  test("retry: false makes a single attempt", async () => {
    server.on("GET", "/chains", { status: 503, body: { message: "down" } }, { body: {} });
    await expect(call({ retry: false })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  test("maxElapsedMs bounds the total time of a storm", async () => {
    server.on("GET", "/chains", { status: 503, headers: { "retry-after": "0.1" }, body: {} });
    const clock = fakeRetryClock();
    await expect(call({ retry: { ...clock, retryCount: 100, maxElapsedMs: 250 } })).rejects.toMatchObject({
      status: 503,
    });
    // Attempts at 0, 100 and 200 ms of the retry clock; a fourth would start past 250 ms.
    expect(clock.waits).toEqual([100, 100]);
    expect(server.requests).toHaveLength(3);
  });

  test("network errors are retried, then typed", async () => {
    server.on("GET", "/chains", { destroy: true });
    const error = await rejection<NetworkError>(call({ retry: { ...fast, retryCount: 1 } }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.url).toBe(`${server.url}/chains`);
    expect(server.requests).toHaveLength(2);
  });

  test("a refused connection is a NetworkError", async () => {
    const closed = await createTestServer();
    const url = closed.url;
    await closed.close();
    const error = await rejection<NetworkError>(call({ baseUrl: url, retry: false }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.shortMessage).toBe("The request failed before a response arrived.");
  });
});

describe("timeouts", () => {
  test("an attempt slower than timeoutMs is a TimeoutError", async () => {
    server.on("GET", "/chains", { delayMs: 60_000, body: {} });
    fakeAttemptTimers();
    let settled = false;
    const pending = rejection<TimeoutError>(call({ timeoutMs: 30, retry: false })).finally(() => {
      settled = true;
    });
    await server.waitForRequests(1);
    await vi.advanceTimersByTimeAsync(29);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 30, method: "GET", url: `${server.url}/chains` });
    expect(error.shortMessage).toBe("The request timed out after 30 ms.");
  });

  test("a timeout is retried and the next attempt can succeed", async () => {
    server.on("GET", "/chains", { delayMs: 60_000, body: { late: true } }, { body: { ok: true } });
    fakeAttemptTimers();
    const clock = fakeRetryClock();
    const result = call({ timeoutMs: 30, retry: { ...fast, ...clock } });
    await server.waitForRequests(1);
    // Only the first attempt's timer fires: the second answers before the clock moves again.
    await vi.advanceTimersByTimeAsync(30);
    await expect(result).resolves.toEqual({ ok: true });
    expect(clock.waits).toEqual([1]);
    expect(server.requests).toHaveLength(2);
  });
});

describe("aborts", () => {
  test("an abort during the request rejects at once, with no retry", async () => {
    // The answer would take ten minutes, longer than the test may run: only the abort ends the call.
    server.on("GET", "/chains", { delayMs: 600_000, status: 503, body: {} });
    const controller = new AbortController();
    // Abort once the request has reached the server, however loaded the machine is.
    void server.waitForRequests(1).then(() => controller.abort(new Error("user left")));
    const error = await rejection<AbortError>(call({ signal: controller.signal, timeoutMs: 600_000 }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error.cause).toEqual(new Error("user left"));
    expect(server.requests).toHaveLength(1);
  });

  test("an abort during the wait between retries starts no new attempt", async () => {
    // Retry-After: ten minutes, longer than the test may run: only the abort ends the wait.
    server.on("GET", "/chains", { status: 429, headers: { "retry-after": "600" }, body: {} });
    const controller = new AbortController();
    // onRetry runs just before the wait: the abort lands while the client waits to retry.
    const retry = { ...fast, maxElapsedMs: 3_600_000, onRetry: () => setImmediate(() => controller.abort()) };
    await expect(call({ signal: controller.signal, retry })).rejects.toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(1);
  });

  test("an already aborted signal sends nothing, with or without retries", async () => {
    server.on("GET", "/chains", { body: {} });
    await expect(call({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
    await expect(call({ signal: AbortSignal.abort(), retry: false })).rejects.toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("malformed JSON", () => {
  test("a 200 with a body that is not JSON is an InvalidJsonError, not retried", async () => {
    server.on("GET", "/chains", { raw: '{"chains": [' });
    const error = await rejection<InvalidJsonError>(call());
    expect(error).toBeInstanceOf(InvalidJsonError);
    expect(error).toMatchObject({ status: 200, text: '{"chains": [' });
    expect(error.shortMessage).toBe("The service answered HTTP 200 with a body that is not JSON.");
    expect(server.requests).toHaveLength(1);
  });
});

describe("attempts", () => {
  test("every error says how many attempts were made", async () => {
    server.on("GET", "/chains", { status: 503, body: { message: "down" } });
    const storm = await rejection(call({ retry: { ...fast, retryCount: 3 } }));
    expect(storm).toMatchObject({ status: 503, attempts: 4 });
    expect(storm.metaMessages).toContain("Attempts: 4 (3 retries)");

    server.reset();
    server.on("GET", "/chains", { destroy: true });
    expect(await rejection(call({ retry: { ...fast, retryCount: 1 } }))).toMatchObject({ attempts: 2 });

    server.reset();
    server.on("GET", "/chains", { delayMs: 60_000, body: {} });
    fakeAttemptTimers();
    const timedOut = rejection(
      call({ timeoutMs: 20, retry: { ...fast, ...fakeRetryClock(), retryCount: 2 } }),
    );
    for (const count of [1, 2, 3]) {
      await server.waitForRequests(count);
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(await timedOut).toMatchObject({ name: "TimeoutError", attempts: 3 });
    vi.useRealTimers();

    server.reset();
    server.on("GET", "/chains", { status: 400, body: { message: "bad" } });
    const once = await rejection(call());
    expect(once).toMatchObject({ status: 400, attempts: 1 });
    expect(once.metaMessages.some((line) => line.startsWith("Attempts"))).toBe(false);
  });
});

describe("retry policy: POST /quote/v2 is not re-sent after an ambiguous failure", () => {
  const quote = (retry: Partial<HttpRequestParameters["retry"]> = {}) =>
    call({ method: "POST", path: "/quote/v2", body: { amount: "1" }, retry: { ...fast, ...retry } });

  test("a timeout is thrown after one attempt", async () => {
    server.on("POST", "/quote/v2", { delayMs: 60_000, body: {} }, { body: { steps: [] } });
    fakeAttemptTimers();
    const pending = rejection<TimeoutError>(
      call({ method: "POST", path: "/quote/v2", body: {}, timeoutMs: 30 }),
    );
    await server.waitForRequests(1);
    await vi.advanceTimersByTimeAsync(30);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  test("a connection reset after the request was written is thrown after one attempt", async () => {
    server.on("POST", "/quote/v2", { destroy: true }, { body: { steps: [] } });
    const error = await rejection<NetworkError>(quote());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ requestSent: true, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  test.each([
    [500, { message: "boom", errorCode: "UNKNOWN_ERROR" }],
    [502, { message: "bad gateway" }],
    [503, { message: "no code" }],
    [504, { message: "gateway timeout" }],
    [500, { message: "rpc", errorCode: "RPC_HTTP_ERROR" }],
  ])("HTTP %s %j is thrown after one attempt", async (status, body) => {
    server.on("POST", "/quote/v2", { status, body }, { body: { steps: [] } });
    expect(await rejection(quote())).toMatchObject({ status, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  test("answers that say the service did nothing are retried: 429, 503 with a transient code", async () => {
    server.on(
      "POST",
      "/quote/v2",
      { status: 429, body: { message: "slow" } },
      { status: 503, body: { message: "price", errorCode: "PRICE_FETCH_FAILED" } },
      { status: 503, body: { message: "down", errorCode: "SERVICE_UNAVAILABLE" } },
      { body: { steps: [] } },
    );
    await expect(quote()).resolves.toEqual({ steps: [] });
    expect(server.requests).toHaveLength(4);
  });

  test("a refused connection (never sent) is retried", async () => {
    const closed = await createTestServer();
    const url = closed.url;
    await closed.close();
    const error = await rejection<NetworkError>(
      call({ baseUrl: url, method: "POST", path: "/quote/v2", body: {}, retry: { ...fast, retryCount: 2 } }),
    );
    expect(error).toMatchObject({ name: "NetworkError", requestSent: false, attempts: 3 });
  });

  test("retryAmbiguous: true opts in", async () => {
    server.on(
      "POST",
      "/quote/v2",
      { destroy: true },
      { status: 502, raw: "bad gateway" },
      { body: { steps: [] } },
    );
    await expect(quote({ retryAmbiguous: true })).resolves.toEqual({ steps: [] });
    expect(server.requests).toHaveLength(3);
  });

  test("idempotent: true (POST /price) retries ambiguous failures like a GET", async () => {
    server.on(
      "POST",
      "/price",
      { destroy: true },
      { status: 500, body: { errorCode: "RPC_HTTP_ERROR" } },
      { body: {} },
    );
    await expect(
      call({ method: "POST", path: "/price", body: {}, idempotent: true, retry: fast }),
    ).resolves.toEqual({});
    expect(server.requests).toHaveLength(3);
  });

  test("a caller's shouldRetry cannot re-send what the policy holds back", async () => {
    server.on("POST", "/quote/v2", { destroy: true }, { body: {} });
    await expect(quote({ shouldRetry: () => true })).rejects.toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("huge error bodies", () => {
  test("a 22 MB HTML error page is cut at 64 KiB, with a note, and not read further", async () => {
    const page = `<html>${"x".repeat(22 * 1024 * 1024)}</html>`;
    server.on("GET", "/chains", { status: 502, raw: page });
    const error = await rejection(call({ retry: false }));
    expect(error).toMatchObject({ status: 502, bodyTruncated: true });
    expect(typeof error.body).toBe("string");
    expect((error.body as string).length).toBe(65_536);
    expect(error.message.length).toBeLessThan(2_000);
    expect(error.metaMessages).toContain(
      "The body was longer than 65536 bytes: cut there, the rest was not read.",
    );
  });

  test("a body of exactly 64 KiB is kept whole; multi-byte text is not broken into bad characters", async () => {
    const exact = JSON.stringify({ message: "é".repeat(32_000), errorCode: "X" });
    expect(Buffer.byteLength(exact)).toBeLessThanOrEqual(65_536);
    server.on("GET", "/chains", { status: 400, raw: exact });
    const error = await rejection(call({ retry: false }));
    expect(error).toMatchObject({ bodyTruncated: false, code: "X" });
    expect(error.body).toEqual(JSON.parse(exact));
  });

  test("a large success body is read whole", async () => {
    const big = { items: "y".repeat(200_000) };
    server.on("GET", "/chains", { body: big });
    await expect(call()).resolves.toEqual(big);
  });
});

describe("redirects", () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await createTestServer();
  });
  afterAll(() => other.close());
  beforeEach(() => other.reset());

  test("default: a GET follows a redirect on the service's origin, with the key", async () => {
    server.on("GET", "/chains", { status: 301, headers: { location: "/v2/chains?x=1" } });
    server.on("GET", "/v2/chains", { body: { chains: [] } });
    await expect(call({ apiKey })).resolves.toEqual({ chains: [] });
    expect(server.requests.map((r) => [r.path, r.query, r.headers["x-api-key"]])).toEqual([
      ["/chains", {}, apiKey],
      ["/v2/chains", { x: "1" }, apiKey],
    ]);
  });

  test("createClient({ apiKey }): a 302 to another origin never carries x-api-key there", async () => {
    // The key is also the webhook HMAC secret: whoever holds it can forge deliveries.
    server.on("GET", "/chains", { status: 302, headers: { location: `${other.url}/chains` } });
    other.on("GET", "/chains", { body: { chains: [] } });
    const client = createClient({ network: { baseUrl: server.url }, apiKey, retry: false });
    await client.getChains();
    expect(server.requests[0]?.headers["x-api-key"]).toBe(apiKey);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers["x-api-key"]).toBeUndefined();
    expect(JSON.stringify(other.requests[0]?.headers)).not.toContain(apiKey);
  });

  test("a POST is never re-sent on a redirect: one request, a RedirectError naming the status and the stripped Location", async () => {
    const location = `http://user:pw@${other.url.slice(7)}/quote/v2?apiKey=${apiKey}&x=1`;
    for (const status of [301, 302, 303, 307, 308]) {
      server.reset();
      server.on("POST", "/quote/v2", { status, headers: { location } });
      const error = await rejection<RedirectError>(
        call({
          method: "POST",
          path: "/quote/v2",
          body: { amount: "1" },
          apiKey,
          retry: { ...fast, retryAmbiguous: true },
        }),
      );
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ reason: "method", status, method: "POST", hops: 0 });
      expect(error.location).toBe(`${other.url}/quote/v2?apiKey=[redacted]&x=1`);
      expect(error.message).not.toContain(apiKey);
      expect(error.message).not.toContain("pw@");
      expect(server.requests).toHaveLength(1);
    }
    expect(other.requests).toHaveLength(0);
    expect(server.requests.length + other.requests.length).toBe(1);
  });

  test(`a redirect loop ends after ${maxRedirects} hops with a RedirectError, not retried`, async () => {
    server.on("GET", "/chains", { status: 307, headers: { location: "/chains" } });
    const error = await rejection<RedirectError>(call({ apiKey }));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ reason: "too-many", status: 307, hops: maxRedirects });
    expect(server.requests).toHaveLength(maxRedirects + 1);
  });

  test("a redirect without a usable Location is a RedirectError", async () => {
    server.on("GET", "/chains", { status: 302 }, { status: 302, headers: { location: "ftp://x/y" } });
    await expect(call({ retry: false })).rejects.toMatchObject({
      name: "RedirectError",
      reason: "no-location",
    });
    await expect(call({ retry: false })).rejects.toMatchObject({
      name: "RedirectError",
      reason: "no-location",
      location: "ftp://x/y",
    });
  });

  test("a cross-origin hop back to the service's origin carries the key again; the other origin never does", async () => {
    server.on("GET", "/chains", { status: 302, headers: { location: `${other.url}/hop` } });
    other.on("GET", "/hop", { status: 302, headers: { location: `${server.url}/final` } });
    server.on("GET", "/final", { body: { ok: true } });
    await expect(call({ apiKey })).resolves.toEqual({ ok: true });
    expect(other.requests[0]?.headers["x-api-key"]).toBeUndefined();
    expect(server.requestsTo("GET", "/final")[0]?.headers["x-api-key"]).toBe(apiKey);
  });
});
