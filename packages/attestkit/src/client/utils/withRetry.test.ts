import { describe, expect, test } from "vitest";
import { AbortError, ApiError, InvalidJsonError, NetworkError, RateLimitError } from "../errors/request.js";
import { withRetry } from "./withRetry.js";

const url = "http://127.0.0.1/x";
const rateLimited = (retryAfterMs?: number) =>
  new RateLimitError({ method: "GET", url, body: { message: "slow down" }, headers: {}, retryAfterMs });
const unavailable = () =>
  new ApiError({ status: 503, method: "GET", url, body: { message: "down" }, headers: {} });
const badRequest = () =>
  new ApiError({
    status: 400,
    method: "GET",
    url,
    body: { message: "bad", errorCode: "INVALID_ADDRESS" },
    headers: {},
  });

/** A clock that only moves when the retry loop sleeps. */
function fakeTime() {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    sleep: async ({ ms }: { ms: number }) => {
      waits.push(ms);
      t += ms;
    },
  };
}

/** An operation that fails with the given errors, then returns "ok". */
function failing(...errors: unknown[]) {
  const calls: number[] = [];
  return {
    calls,
    fn: async ({ attempt }: { attempt: number }) => {
      calls.push(attempt);
      if (calls.length <= errors.length) throw errors[calls.length - 1];
      return "ok";
    },
  };
}

test("default: returns the first success without waiting", async () => {
  const time = fakeTime();
  const op = failing();
  await expect(withRetry(op.fn, time)).resolves.toBe("ok");
  expect(op.calls).toEqual([0]);
  expect(time.waits).toEqual([]);
});

describe("backoff", () => {
  test("exponential with the lowest jitter: half of delay * 2^n", async () => {
    const time = fakeTime();
    const op = failing(unavailable(), unavailable(), unavailable());
    await expect(withRetry(op.fn, { ...time, delay: 100, random: () => 0 })).resolves.toBe("ok");
    expect(op.calls).toEqual([0, 1, 2, 3]);
    expect(time.waits).toEqual([50, 100, 200]);
  });

  test("exponential with the highest jitter: all of delay * 2^n", async () => {
    const time = fakeTime();
    const op = failing(unavailable(), unavailable(), unavailable());
    await withRetry(op.fn, { ...time, delay: 100, random: () => 0.999999 });
    expect(time.waits).toEqual([100, 200, 400]);
  });

  test("maxDelayMs caps each wait", async () => {
    const time = fakeTime();
    const op = failing(unavailable(), unavailable(), unavailable());
    await withRetry(op.fn, { ...time, delay: 100, maxDelayMs: 150, random: () => 0.999999 });
    expect(time.waits).toEqual([100, 150, 150]);
  });

  test("a delay function gives the exact wait", async () => {
    const time = fakeTime();
    const op = failing(unavailable(), unavailable());
    await withRetry(op.fn, { ...time, delay: ({ attempt }) => 7 * (attempt + 1) });
    expect(time.waits).toEqual([7, 14]);
  });

  test("Retry-After replaces the backoff", async () => {
    const time = fakeTime();
    const op = failing(rateLimited(1000), rateLimited(), rateLimited(0));
    await withRetry(op.fn, { ...time, delay: 100, random: () => 0 });
    // 1000 from the header, then backoff (no header), then 0 from the header.
    expect(time.waits).toEqual([1000, 100, 0]);
  });

  test("onRetry sees each failed attempt and its wait", async () => {
    const time = fakeTime();
    const seen: [number, number][] = [];
    const op = failing(rateLimited(5), unavailable());
    await withRetry(op.fn, {
      ...time,
      delay: 10,
      random: () => 0,
      onRetry: ({ attempt, delayMs }) => seen.push([attempt, delayMs]),
    });
    expect(seen).toEqual([
      [0, 5],
      [1, 10],
    ]);
  });
});

describe("bounds", () => {
  test("retryCount bounds the attempts and the last error is thrown", async () => {
    const time = fakeTime();
    const errors = [unavailable(), unavailable(), rateLimited(1)];
    const op = failing(...errors);
    await expect(withRetry(op.fn, { ...time, retryCount: 2, delay: 1 })).rejects.toBe(errors[2]);
    expect(op.calls).toEqual([0, 1, 2]);
  });

  test("retryCount 0 makes one attempt", async () => {
    const op = failing(unavailable());
    await expect(withRetry(op.fn, { retryCount: 0 })).rejects.toBeInstanceOf(ApiError);
    expect(op.calls).toEqual([0]);
  });

  test("maxElapsedMs: no wait starts that would end past the budget", async () => {
    const time = fakeTime();
    const op = failing(rateLimited(400), rateLimited(400), rateLimited(400));
    await expect(withRetry(op.fn, { ...time, retryCount: 10, maxElapsedMs: 1000 })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    // 0 -> 400 -> 800; a third wait would end at 1200 > 1000.
    expect(time.waits).toEqual([400, 400]);
    expect(op.calls).toEqual([0, 1, 2]);
  });

  test("a Retry-After longer than the budget is not waited for", async () => {
    const time = fakeTime();
    const op = failing(rateLimited(3_600_000));
    const error = await withRetry(op.fn, { ...time, maxElapsedMs: 60_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(time.waits).toEqual([]);
  });
});

describe("what is retried", () => {
  test("client errors are not retried", async () => {
    const op = failing(badRequest());
    await expect(withRetry(op.fn, { delay: 1 })).rejects.toMatchObject({
      status: 400,
      code: "INVALID_ADDRESS",
    });
    expect(op.calls).toEqual([0]);
  });

  test("unparsable bodies are not retried", async () => {
    const op = failing(new InvalidJsonError({ method: "GET", url, status: 200, text: "<html>" }));
    await expect(withRetry(op.fn, { delay: 1 })).rejects.toBeInstanceOf(InvalidJsonError);
    expect(op.calls).toEqual([0]);
  });

  test("network errors are retried", async () => {
    const time = fakeTime();
    const op = failing(new NetworkError({ method: "GET", url, cause: new Error("ECONNREFUSED") }));
    await expect(withRetry(op.fn, time)).resolves.toBe("ok");
    expect(op.calls).toEqual([0, 1]);
  });

  test("a custom shouldRetry decides", async () => {
    const time = fakeTime();
    const op = failing(badRequest(), unavailable());
    const decided: number[] = [];
    const error = await withRetry(op.fn, {
      ...time,
      shouldRetry: ({ error, attempt }) => {
        decided.push(attempt);
        return error instanceof ApiError && error.status === 400;
      },
    }).catch((e) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(decided).toEqual([0, 1]);
    expect(op.calls).toEqual([0, 1]);
  });
});

describe("abort", () => {
  test("an already aborted signal makes no attempt", async () => {
    const op = failing();
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const error = await withRetry(op.fn, { signal: controller.signal }).catch((e) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error.cause).toEqual(new Error("stop"));
    expect(op.calls).toEqual([]);
  });

  test("an abort during a wait rejects at once and starts no attempt", async () => {
    const controller = new AbortController();
    // A ten-minute Retry-After, longer than the test may run: only the abort ends the wait.
    const op = failing(rateLimited(600_000));
    setTimeout(() => controller.abort(), 20);
    await expect(
      withRetry(op.fn, { signal: controller.signal, maxElapsedMs: 3_600_000 }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(op.calls).toEqual([0]);
  });

  test("no retry after an abort during an attempt, whatever the attempt threw", async () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const fn = async ({ attempt }: { attempt: number }) => {
      calls.push(attempt);
      controller.abort();
      throw unavailable();
    };
    await expect(withRetry(fn, { signal: controller.signal, delay: 1 })).rejects.toBeInstanceOf(AbortError);
    expect(calls).toEqual([0]);
  });

  test("an AbortError from the attempt is never retried", async () => {
    const op = failing(new AbortError());
    await expect(withRetry(op.fn, { delay: 1, shouldRetry: () => true })).rejects.toBeInstanceOf(AbortError);
    expect(op.calls).toEqual([0]);
  });
});
