import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { onFakeClock } from "../../../../../test/support/onFakeClock.js";
import { InvalidResponseError } from "../../schemas/errors.js";
import { AbortError, ApiError, InvalidJsonError, NetworkError, RateLimitError } from "../errors/request.js";
import { isTransientReadError } from "./nextStatusPoll.js";
import { pollStatus as pollStatusNow } from "./pollStatus.js";

// The loop's own timers and clock (its default sleep, its timeout timer, Date.now) run on a fake
// clock: intervals, backoff, grace periods, windows and timeouts pass exactly as the tests say,
// however busy the machine, and take no real time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** `pollStatus` with its waits on the fake clock. */
const pollStatus: typeof pollStatusNow = (...args) => onFakeClock(pollStatusNow(...args));

type Answer = { status: string } | Error;

/** A read that gives the answers in order (the last one again once they run out) and counts calls. */
function reader(...answers: Answer[]) {
  let calls = 0;
  const read = async () => {
    const answer = answers[Math.min(calls++, answers.length - 1)] as Answer;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { read, calls: () => calls };
}

const notFound = () => new ApiError({ status: 404, method: "GET", url: "u", body: {}, headers: {} });
const timedOut = new Error("timed out");
const notFoundError = new Error("not found");
const base = {
  isSettled: (status: string) => status === "success" || status === "refund",
  isKnown: (status: string) => ["waiting", "pending", "failure", "success", "refund"].includes(status),
  intervalMs: 1,
  timeoutMs: 5_000,
  failureGraceMs: 1_000,
  notFoundWindowMs: 5_000,
  timeoutError: () => timedOut,
  notFoundError: () => notFoundError,
  unknownStatusError: ({ status }: { status: string }) => new Error(`unknown ${status}`),
};

test("default: reads until a settled status and reports each change once", async () => {
  const { read, calls } = reader(
    { status: "waiting" },
    { status: "waiting" },
    { status: "pending" },
    { status: "success" },
  );
  const seen: string[] = [];
  const result = await pollStatus({ ...base, read, onChange: ({ status }) => seen.push(status) });
  expect(result).toEqual({ response: { status: "success" }, failureStood: false, transientFailures: 0 });
  expect(seen).toEqual(["waiting", "pending", "success"]);
  expect(calls()).toBe(4);
});

describe("failure", () => {
  test("a failure followed by another status does not end the wait", async () => {
    const { read } = reader({ status: "failure" }, { status: "pending" }, { status: "refund" });
    expect(await pollStatus({ ...base, read })).toEqual({
      response: { status: "refund" },
      failureStood: false,
      transientFailures: 0,
    });
  });

  test("a failure that stands for the grace period ends it, marked as such", async () => {
    const { read, calls } = reader({ status: "failure" });
    const start = Date.now();
    const result = await pollStatus({ ...base, read, intervalMs: 1_000, failureGraceMs: 40 });
    expect(result).toEqual({ response: { status: "failure" }, failureStood: true, transientFailures: 0 });
    // The grace period, not the interval, sets the next read.
    expect(Date.now() - start).toBeLessThan(900);
    expect(calls()).toBeGreaterThanOrEqual(2);
  });

  test("the grace period starts again after another status", async () => {
    const { read } = reader({ status: "failure" }, { status: "pending" }, { status: "failure" });
    const result = await pollStatus({ ...base, read, failureGraceMs: 20 });
    expect(result.failureStood).toBe(true);
  });
});

describe("errors", () => {
  test("transient errors and 404 are waited out", async () => {
    const network = new NetworkError({ method: "GET", url: "u", cause: new Error("reset") });
    const { read, calls } = reader(network, notFound(), { status: "success" });
    expect((await pollStatus({ ...base, read })).response.status).toBe("success");
    expect(calls()).toBe(3);
  });

  test("any other error ends the wait at once", async () => {
    const bad = new ApiError({ status: 400, method: "GET", url: "u", body: {}, headers: {} });
    const { read, calls } = reader(bad, { status: "success" });
    await expect(pollStatus({ ...base, read })).rejects.toBe(bad);
    expect(calls()).toBe(1);
  });

  test("the timeout builds the caller's error from the last response and the last read error", async () => {
    const failedRead = notFound();
    const { read } = reader({ status: "waiting" }, failedRead);
    const seen: unknown[] = [];
    const error = await pollStatus({
      ...base,
      read,
      timeoutMs: 40,
      timeoutError: (last) => {
        seen.push(last);
        return timedOut;
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(timedOut);
    expect(seen).toEqual([
      {
        response: { status: "waiting" },
        error: failedRead,
        transientFailures: expect.any(Number),
        reads: expect.any(Number),
      },
    ]);
    expect((seen[0] as { transientFailures: number }).transientFailures).toBeGreaterThanOrEqual(1);
  });

  test("the timeout aborts a read in flight", async () => {
    const start = Date.now();
    const error = await pollStatus({
      ...base,
      timeoutMs: 30,
      read: ({ signal }) =>
        new Promise<{ status: string }>((_, reject) =>
          signal.addEventListener("abort", () => reject(new Error("aborted read"))),
        ),
    }).catch((e: unknown) => e);
    expect(error).toBe(timedOut);
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  test("an infinite timeout sets no timer and still settles", async () => {
    const { read } = reader({ status: "success" });
    expect((await pollStatus({ ...base, read, timeoutMs: Number.POSITIVE_INFINITY })).response.status).toBe(
      "success",
    );
  });
});

describe("abort", () => {
  test("an aborted signal reads nothing", async () => {
    const { read, calls } = reader({ status: "success" });
    await expect(pollStatus({ ...base, read, signal: AbortSignal.abort("stop") })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(calls()).toBe(0);
  });

  test("an abort during the wait between reads rejects promptly with the reason", async () => {
    const controller = new AbortController();
    const { read } = reader({ status: "waiting" });
    const start = Date.now();
    setTimeout(() => controller.abort("stop"), 20);
    const error = await pollStatus({ ...base, read, intervalMs: 10_000, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe("stop");
    expect(Date.now() - start).toBeLessThan(1_000);
  });
});

describe("transient read failures", () => {
  const api = (status: number) => new ApiError({ status, method: "GET", url: "u", body: {}, headers: {} });
  const malformedJson = new InvalidJsonError({ method: "GET", url: "u", status: 200, text: "<html>" });
  const malformedBody = new InvalidResponseError({ endpoint: "status", issues: [] });

  test.each([
    ["500", api(500), true],
    ["501", api(501), true],
    ["502", api(502), true],
    ["429", new RateLimitError({ method: "GET", url: "u", body: {}, headers: {} }), true],
    ["404", api(404), true],
    ["a 200 that is not JSON", malformedJson, true],
    ["a 200 that is not a status", malformedBody, true],
    ["a reset", new NetworkError({ method: "GET", url: "u", cause: new Error("reset") }), true],
    ["400", api(400), false],
    ["401", api(401), false],
    ["403", api(403), false],
    ["a programming error", new TypeError("x is undefined"), false],
  ])("%s: transient %s", (_, error, transient) => {
    expect(isTransientReadError({ error })).toBe(transient);
  });

  test("a 500, a malformed answer and a reset mid-wait are retried and counted", async () => {
    const { read, calls } = reader(
      { status: "pending" },
      api(500),
      malformedJson,
      malformedBody,
      new NetworkError({ method: "GET", url: "u", cause: new Error("reset") }),
      { status: "success" },
    );
    const result = await pollStatus({ ...base, read });
    expect(result).toEqual({ response: { status: "success" }, failureStood: false, transientFailures: 4 });
    expect(calls()).toBe(6);
  });

  test("the wait after failures in a row doubles, up to maxBackoffMs", async () => {
    const times: number[] = [];
    let calls = 0;
    const read = async () => {
      times.push(Date.now());
      if (++calls <= 4) throw api(503);
      return { status: "success" };
    };
    await pollStatus({ ...base, read, intervalMs: 20, maxBackoffMs: 60 });
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    // 20, 40, 60 (capped), 60
    expect(gaps).toEqual([20, 40, 60, 60]);
  });

  test("a Retry-After longer than the backoff is honoured", async () => {
    const times: number[] = [];
    const limited = new RateLimitError({ method: "GET", url: "u", body: {}, headers: {}, retryAfterMs: 120 });
    let calls = 0;
    const read = async () => {
      times.push(Date.now());
      if (++calls === 1) throw limited;
      return { status: "success" };
    };
    await pollStatus({ ...base, read, intervalMs: 1 });
    expect((times[1] as number) - (times[0] as number)).toBe(120);
  });

  test("the timeout error is told how many reads failed", async () => {
    const { read } = reader({ status: "pending" }, api(502));
    let told: { transientFailures: number; reads: number } | undefined;
    const error = await pollStatus({
      ...base,
      read,
      intervalMs: 5,
      maxBackoffMs: 5,
      timeoutMs: 80,
      timeoutError: (last) => {
        told = last;
        return timedOut;
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(timedOut);
    expect(told?.transientFailures).toBeGreaterThanOrEqual(2);
    expect(told?.reads).toBe((told?.transientFailures ?? 0) + 1);
  });
});

describe("not found", () => {
  test("404 for the whole window ends with the caller's not-found error, long before the timeout", async () => {
    const { read, calls } = reader(api404());
    const start = Date.now();
    const error = await pollStatus({ ...base, read, intervalMs: 10, notFoundWindowMs: 100 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBe(notFoundError);
    // The window, to the millisecond (the fake clock): the first 404 at 0, the last past 100.
    expect(Date.now() - start).toBeGreaterThanOrEqual(100);
    expect(Date.now() - start).toBeLessThan(120);
    expect(calls()).toBeGreaterThanOrEqual(3);
  });

  test("a status read restarts the window; 404 shorter than it is waited out", async () => {
    // Four spells of two 404s (about 100 ms each) between status reads: each is well inside the
    // 250 ms window, together they are not, so only a window that restarts lets the wait end
    // in success.
    const spell = [api404(), api404()];
    const pending = { status: "pending" };
    const { read } = reader(...spell, pending, ...spell, pending, ...spell, pending, ...spell, {
      status: "success",
    });
    await expect(
      pollStatus({ ...base, read, intervalMs: 50, maxBackoffMs: 50, notFoundWindowMs: 250 }),
    ).resolves.toMatchObject({ response: { status: "success" }, transientFailures: 8 });
  });

  test("notFoundWindowMs 0 ends on the first 404", async () => {
    const { read, calls } = reader(api404(), { status: "success" });
    await expect(pollStatus({ ...base, read, notFoundWindowMs: 0 })).rejects.toBe(notFoundError);
    expect(calls()).toBe(1);
  });
});

describe("unknown status", () => {
  test("a status the caller does not know ends the wait at once", async () => {
    const { read, calls } = reader({ status: "pending" }, { status: "exploded" }, { status: "success" });
    const seen: string[] = [];
    await expect(pollStatus({ ...base, read, onChange: ({ status }) => seen.push(status) })).rejects.toThrow(
      "unknown exploded",
    );
    expect(calls()).toBe(2);
    expect(seen).toEqual(["pending"]);
  });
});

function api404() {
  return new ApiError({
    status: 404,
    method: "GET",
    url: "u",
    body: { message: "Request not found" },
    headers: {},
  });
}

test("with an injected clock and sleep, a minute of 404s and a 15 s failure grace pass without a real wait", async () => {
  let clock = 1_000_000;
  const slept: number[] = [];
  const injected = {
    now: () => clock,
    sleep: async ({ ms }: { ms: number }) => {
      slept.push(ms);
      clock += ms;
    },
  };
  const long = {
    ...base,
    intervalMs: 1000,
    timeoutMs: 600_000,
    failureGraceMs: 15_000,
    notFoundWindowMs: 60_000,
  };
  await expect(pollStatus({ ...long, ...injected, read: reader(notFound()).read })).rejects.toBe(
    notFoundError,
  );
  expect(slept.reduce((sum, ms) => sum + ms, 0)).toBe(60_000);
  slept.length = 0;
  const result = await pollStatus({ ...long, ...injected, read: reader({ status: "failure" }).read });
  expect(result).toMatchObject({ failureStood: true });
  expect(slept.reduce((sum, ms) => sum + ms, 0)).toBe(15_000);
});
