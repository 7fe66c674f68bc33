import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { requestId, statusResponse } from "../../../../../test/support/fixtures.js";
import { onFakeClock } from "../../../../../test/support/onFakeClock.js";
import { createTestServer, type TestServer } from "../../../../../test/support/testServer.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { InvalidOptionError } from "../errors/config.js";
import { AbortError, ApiError } from "../errors/request.js";
import {
  RequestFailedError,
  RequestNotFoundError,
  UnknownStatusError,
  WaitForStatusTimeoutError,
} from "../errors/status.js";
import { StepCheckFailedError } from "../errors/steps.js";
import {
  defaultNotFoundWindowMs,
  defaultWaitTimeoutMs,
  waitForStatus as waitForStatusNow,
} from "./waitForStatus.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
// Every wait of these tests is on a fake clock (timers and Date) and every poll goes to the test
// server in memory (`server.fetch`, no socket): intervals, grace periods, windows and timeouts pass
// exactly as the tests say, however busy the machine, and take no real time.
beforeEach(() => {
  server.reset();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});
const client = () =>
  createBaseClient({ fetch: server.fetch, network: { baseUrl: server.url }, retry: false });

/** `waitForStatus` with its waits on the fake clock. */
const waitForStatus: typeof waitForStatusNow = (...args) => onFakeClock(waitForStatusNow(...args));
const path = "/intents/status/v3";
const reply = (status: string) => ({ body: statusResponse(status) });

test("default: polls until success, reporting each change once", async () => {
  server.on(
    "GET",
    path,
    reply("waiting"),
    reply("waiting"),
    reply("pending"),
    reply("submitted"),
    reply("success"),
  );
  const updates: string[] = [];
  const final = await waitForStatus(client(), {
    requestId,
    intervalMs: 5,
    onUpdate: (s) => updates.push(s.status),
  });
  expect(final).toMatchObject({ status: "success", txHashes: ["0xbbbb"] });
  expect(updates).toEqual(["waiting", "pending", "submitted", "success"]);
  expect(server.requests).toHaveLength(5);
  expect(server.requests.every((r) => r.query.requestId === requestId)).toBe(true);
});

test.each(["refund", "fallback"])("%s is final", async (status) => {
  server.on("GET", path, reply("pending"), reply(status));
  await expect(waitForStatus(client(), { requestId, intervalMs: 5 })).resolves.toMatchObject({ status });
});

describe("throwOnFailure: a request that ends without its fill is a RequestFailedError, as a step's check raises it", () => {
  test.each(["refund", "failure"])("%s", async (status) => {
    const body = { ...statusResponse(status), failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" };
    server.on("GET", path, reply("pending"), { body });
    const error = await waitForStatus(client(), {
      requestId,
      intervalMs: 5,
      failureGraceMs: 0,
      throwOnFailure: true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect(error).toMatchObject({
      name: "RequestFailedError",
      requestId,
      status,
      failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
      refundFailReason: undefined,
      statusResponse: { status },
    });
    expect((error as RequestFailedError).message).toContain("Fail reason: DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
  });

  test.each(["success", "fallback"])("%s is returned", async (status) => {
    server.on("GET", path, reply("pending"), reply(status));
    await expect(
      waitForStatus(client(), { requestId, intervalMs: 5, throwOnFailure: true }),
    ).resolves.toMatchObject({ status });
  });

  test("a step's check failing is the same error, naming its step", () => {
    const error = new StepCheckFailedError({
      requestId,
      stepId: "deposit",
      status: "refund",
      statusResponse: { status: "refund", failReason: "N/A", refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" },
    });
    expect(error).toBeInstanceOf(RequestFailedError);
    expect(error).toMatchObject({
      name: "StepCheckFailedError",
      stepId: "deposit",
      requestId,
      failReason: undefined,
      refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND",
    });
  });
});

test("intervalMs spaces the polls", async () => {
  server.on("GET", path, reply("waiting"), reply("success"));
  await waitForStatus(client(), { requestId, intervalMs: 60 });
  const [first, second] = server.requests;
  expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(55);
});

describe("failure grace", () => {
  test("a failure followed by a later status does not end the wait", async () => {
    server.on("GET", path, reply("pending"), reply("failure"), reply("pending"), reply("refund"));
    const updates: string[] = [];
    const final = await waitForStatus(client(), {
      requestId,
      intervalMs: 5,
      failureGraceMs: 1000,
      onUpdate: (s) => updates.push(s.status),
    });
    expect(final.status).toBe("refund");
    expect(updates).toEqual(["pending", "failure", "pending", "refund"]);
  });

  test("a failure that stands for the grace period resolves as failure", async () => {
    server.on("GET", path, reply("pending"), reply("failure"));
    const start = Date.now();
    const final = await waitForStatus(client(), { requestId, intervalMs: 5, failureGraceMs: 80 });
    expect(final).toMatchObject({ status: "failure", failReason: "SOLVER_CAPACITY_EXCEEDED" });
    expect(Date.now() - start).toBeGreaterThanOrEqual(75);
    expect(server.requests.length).toBeGreaterThan(3);
  });

  test("failureGraceMs 0 resolves on the first failure", async () => {
    server.on("GET", path, reply("failure"));
    await expect(
      waitForStatus(client(), { requestId, intervalMs: 5, failureGraceMs: 0 }),
    ).resolves.toMatchObject({
      status: "failure",
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe("timeout", () => {
  test("rejects with the last status seen", async () => {
    server.on("GET", path, reply("waiting"), reply("pending"));
    const start = Date.now();
    // Wide enough for two polls on a loaded machine; the bound only proves the timeout, not the default, ended it.
    const error = await waitForStatus(client(), { requestId, intervalMs: 10, timeoutMs: 600 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WaitForStatusTimeoutError);
    const timeout = error as WaitForStatusTimeoutError;
    expect(timeout.lastStatus).toMatchObject({ status: "pending" });
    expect(timeout).toMatchObject({ requestId, timeoutMs: 600 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(595);
    expect(Date.now() - start).toBeLessThan(5000);
  });

  test("a poll in flight at the deadline is cut off", async () => {
    server.on("GET", path, { delayMs: 5000, ...reply("success") });
    const start = Date.now();
    const error = await waitForStatus(client(), { requestId, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForStatusTimeoutError);
    expect((error as WaitForStatusTimeoutError).lastStatus).toBeUndefined();
    expect(Date.now() - start).toBeLessThan(1000);
  });

  test("a request unknown for less than the window but past the timeout: no status, the 404 as last error", async () => {
    server.on("GET", path, { status: 404, body: { message: "Request not found" } });
    const error = (await waitForStatus(client(), { requestId, intervalMs: 5, timeoutMs: 250 }).catch(
      (e: unknown) => e,
    )) as WaitForStatusTimeoutError;
    expect(error).toBeInstanceOf(WaitForStatusTimeoutError);
    expect(error.lastStatus).toBeUndefined();
    expect(error.lastError).toBeInstanceOf(ApiError);
    expect(error.details).toBe("The service answered HTTP 404: Request not found");
    expect(error.transientFailures).toBeGreaterThanOrEqual(2);
    expect(error.metaMessages?.[1]).toMatch(/^Transient read failures waited out: \d+/);
  });
});

describe("a hostile service", () => {
  test("a 500 and a malformed 200 mid-wait do not end it; each poll is one attempt", async () => {
    server.on(
      "GET",
      path,
      reply("pending"),
      { status: 500, body: { message: "boom", errorCode: "UNKNOWN_ERROR" } },
      { raw: "<html>maintenance</html>" },
      { body: { result: "no status here" } },
      { status: 504, raw: "gateway timeout" },
      reply("success"),
    );
    const updates: string[] = [];
    const final = await waitForStatus(client(), {
      requestId,
      intervalMs: 5,
      onUpdate: (s) => updates.push(s.status),
    });
    expect(final.status).toBe("success");
    expect(updates).toEqual(["pending", "success"]);
    expect(server.requests).toHaveLength(6);
  });

  test("a client with retries on still makes one attempt per poll", async () => {
    server.on("GET", path, { status: 500, body: { message: "boom" } }, reply("success"));
    await waitForStatus(createBaseClient({ fetch: server.fetch, network: { baseUrl: server.url } }), {
      requestId,
      intervalMs: 5,
    });
    expect(server.requests).toHaveLength(2);
  });

  test("404 for ever: RequestNotFoundError after notFoundWindowMs, not the whole timeout", async () => {
    server.on("GET", path, { status: 404, body: { message: "Request not found" } });
    const start = Date.now();
    const error = await waitForStatus(client(), {
      requestId,
      intervalMs: 10,
      notFoundWindowMs: 150,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestNotFoundError);
    expect(error).toMatchObject({ requestId, endpoint: "/intents/status/v3", windowMs: 150 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(145);
    expect(Date.now() - start).toBeLessThan(2_000);
    expect((error as RequestNotFoundError).shortMessage).toBe(
      `Request ${requestId} is unknown to the service: /intents/status/v3 answered 404 for 150 ms.`,
    );
  });

  test("404 until the deposit is indexed, then a status: the wait goes on", async () => {
    server.on(
      "GET",
      path,
      { status: 404, body: { message: "Request not found" } },
      { status: 404, body: { message: "Request not found" } },
      reply("pending"),
      reply("success"),
    );
    await expect(
      waitForStatus(client(), { requestId, intervalMs: 5, notFoundWindowMs: 1_000 }),
    ).resolves.toMatchObject({ status: "success" });
  });

  test("an unknown status value is an UnknownStatusError at once", async () => {
    server.on("GET", path, reply("pending"), reply("exploded"), reply("success"));
    const error = await waitForStatus(client(), { requestId, intervalMs: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownStatusError);
    expect(error).toMatchObject({ requestId, status: "exploded" });
    expect((error as UnknownStatusError).metaMessages?.[0]).toBe(
      "Known statuses: waiting, depositing, pending, submitted, success, failure, refund, fallback, delayed",
    );
    expect(server.requests).toHaveLength(2);
  });

  test("delayed (older data) is known and waited through", async () => {
    server.on("GET", path, reply("delayed"), reply("success"));
    await expect(waitForStatus(client(), { requestId, intervalMs: 5 })).resolves.toMatchObject({
      status: "success",
    });
  });

  test("a poll that hangs is cut by the client's per-attempt timeout and retried", async () => {
    server.on("GET", path, { delayMs: 2_000, ...reply("pending") }, reply("success"));
    const slowClient = createBaseClient({
      fetch: server.fetch,
      network: { baseUrl: server.url },
      retry: false,
      timeoutMs: 50,
    });
    await expect(waitForStatus(slowClient, { requestId, intervalMs: 5 })).resolves.toMatchObject({
      status: "success",
    });
  });
});

describe("options", () => {
  test("the defaults are stated: 30 minutes overall, 1 minute unknown", () => {
    expect(defaultWaitTimeoutMs).toBe(30 * 60_000);
    expect(defaultNotFoundWindowMs).toBe(60_000);
  });

  test.each([
    ["timeoutMs", 2 ** 31],
    ["timeoutMs", Number.NaN],
    ["timeoutMs", -1],
    ["intervalMs", 0],
    ["intervalMs", Number.POSITIVE_INFINITY],
    ["failureGraceMs", -1],
    ["notFoundWindowMs", Number.NaN],
  ])("%s = %s is an InvalidOptionError before any poll", async (option, value) => {
    const error = await waitForStatus(client(), { requestId, [option]: value }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect(error).toMatchObject({ option: `waitForStatus.${option}` });
    expect(server.requests).toHaveLength(0);
  });
});

test("transient failures between polls are waited out", async () => {
  server.on(
    "GET",
    path,
    reply("pending"),
    { status: 503, body: { message: "down" } },
    { status: 429, body: { message: "slow" } },
    { destroy: true },
    reply("success"),
  );
  await expect(waitForStatus(client(), { requestId, intervalMs: 5 })).resolves.toMatchObject({
    status: "success",
  });
  expect(server.requests).toHaveLength(5);
});

test("a non-transient failure rejects", async () => {
  server.on("GET", path, reply("pending"), {
    status: 401,
    body: { message: "no", errorCode: "UNAUTHORIZED" },
  });
  await expect(waitForStatus(client(), { requestId, intervalMs: 5 })).rejects.toMatchObject({ status: 401 });
});

describe("abort", () => {
  test("rejects promptly during the wait between polls and polls no more", async () => {
    server.on("GET", path, reply("pending"));
    const controller = new AbortController();
    // Abort after the first poll has been answered, however loaded the machine is.
    void server.waitForRequests(1).then(() => setTimeout(() => controller.abort(new Error("closed")), 30));
    const start = Date.now();
    const error = await waitForStatus(client(), {
      requestId,
      intervalMs: 10_000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error("closed"));
    // Aborted 30 ms (of the fake clock) after the first answer.
    expect(Date.now() - start).toBe(30);
    // A minute later, still no second poll.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(1);
  });

  test("rejects promptly during a poll", async () => {
    server.on("GET", path, { delayMs: 5000, ...reply("success") });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const start = Date.now();
    await expect(waitForStatus(client(), { requestId, signal: controller.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(Date.now() - start).toBeLessThan(1000);
  });

  test("an aborted signal sends nothing", async () => {
    await expect(waitForStatus(client(), { requestId, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(server.requests).toHaveLength(0);
  });
});

test("a malformed request id is refused before polling", async () => {
  await expect(waitForStatus(client(), { requestId: "abc" })).rejects.toBeInstanceOf(InvalidRequestError);
  expect(server.requests).toHaveLength(0);
});

describe("a Bitcoin deposit's stall allowance", () => {
  const stalls = () => {
    const seen: { status: string | undefined; waitedMs: number; blocks: number }[] = [];
    return {
      seen,
      onStall: (stall: {
        status?: { status: string } | undefined;
        waitedMs: number;
        allowance: { blocks: { max: number } };
      }) =>
        seen.push({
          status: stall.status?.status,
          waitedMs: stall.waitedMs,
          blocks: stall.allowance.blocks.max,
        }),
    };
  };

  test("still pending after the upper allowance (3 blocks): reported once, and the wait goes on to success", async () => {
    server.on(
      "GET",
      path,
      ...Array.from({ length: 40 }, () => reply("pending")),
      reply("submitted"),
      reply("success"),
    );
    const { seen, onStall } = stalls();
    const final = await waitForStatus(client(), {
      requestId,
      intervalMs: 10,
      bitcoinDeposit: { amount: 50_000n, blockTimeMs: 60, onStall },
    });
    expect(final.status).toBe("success");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ status: "pending", blocks: 3 });
    expect(seen[0]?.waitedMs).toBeGreaterThanOrEqual(179);
  });

  test("above the high-value threshold the allowance is 4 blocks", async () => {
    server.on("GET", path, reply("pending"));
    const { seen, onStall } = stalls();
    const controller = new AbortController();
    // The fake clock is moved by hand here (not run to the end by `onFakeClock`): exactly the windows below.
    const wait = waitForStatusNow(client(), {
      requestId,
      intervalMs: 10,
      signal: controller.signal,
      bitcoinDeposit: { amount: 200_000_000n, highValueThreshold: 100_000_000n, blockTimeMs: 100, onStall },
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(150);
    expect(seen).toHaveLength(0);
    // Not at 3 blocks (300 ms): at 4 (400 ms), to the millisecond.
    await vi.advanceTimersByTimeAsync(249);
    expect(seen).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([{ status: "pending", waitedMs: 400, blocks: 4 }]);
    // Reported once: still one at 800 ms.
    await vi.advanceTimersByTimeAsync(400);
    controller.abort();
    expect(await wait).toBeInstanceOf(AbortError);
    expect(seen).toEqual([expect.objectContaining({ status: "pending", blocks: 4 })]);
  });

  test("confirmed in time (submitted, then success): no stall reported", async () => {
    server.on(
      "GET",
      path,
      reply("pending"),
      reply("submitted"),
      ...Array.from({ length: 80 }, () => reply("submitted")),
      reply("success"),
    );
    const { seen, onStall } = stalls();
    const final = await waitForStatus(client(), {
      requestId,
      intervalMs: 10,
      // The allowance (600 ms) runs out during the wait, while the status is submitted.
      bitcoinDeposit: { amount: 50_000n, blockTimeMs: 200, onStall },
    });
    expect(final.status).toBe("success");
    expect(seen).toEqual([]);
  });

  test("a block time whose allowance no timer holds, or a bad amount, is a typed error before any poll", async () => {
    const onStall = () => {};
    await expect(
      waitForStatus(client(), { requestId, bitcoinDeposit: { amount: 1n, blockTimeMs: 2 ** 30, onStall } }),
    ).rejects.toBeInstanceOf(InvalidOptionError);
    await expect(
      waitForStatus(client(), {
        requestId,
        bitcoinDeposit: { amount: 1n, blockTimeMs: Number.NaN, onStall },
      }),
    ).rejects.toBeInstanceOf(InvalidOptionError);
    await expect(
      waitForStatus(client(), { requestId, bitcoinDeposit: { amount: -5n, onStall } }),
    ).rejects.toThrow(/amount/i);
    expect(server.requests).toHaveLength(0);
  });
});
