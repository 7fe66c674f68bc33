import { describe, expect, test } from "vitest";
import { createVirtualTime } from "../../../../test/support/virtualTime.js";
import { AbortError, ApiError, NetworkError, RateLimitError } from "../client/errors/request.js";
import { type CallPacedParameters, type CollectRetry, callPaced } from "./callPaced.js";
import { createRequestPacer } from "./createRequestPacer.js";
import { CollectAttemptsExhaustedError, CollectRetryAfterTooLongError } from "./errors.js";

const url = "http://127.0.0.1:1/requests/0x01/signature";
const rateLimited = (retryAfterMs?: number) =>
  new RateLimitError({ method: "GET", url, body: { message: "slow down" }, headers: {}, retryAfterMs });
const dropped = () =>
  new NetworkError({
    method: "GET",
    url,
    cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
  });

function setup(rate = 1000) {
  const time = createVirtualTime();
  const pacer = createRequestPacer({ ratePerSecond: rate, now: time.now, sleep: time.sleep });
  const retries: CollectRetry[] = [];
  const settings = {
    request: "GET /requests/0x01/signature",
    pacer,
    maxAttempts: 4,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    maxRetryAfterMs: 60_000,
    sleep: time.sleep,
    random: () => 0,
    onRetry: (retry: CollectRetry) => retries.push(retry),
  } satisfies Omit<CallPacedParameters<unknown>, "call">;
  /** A call that fails with each of `failures` in turn, then answers; its attempts' start times. */
  const scripted = (failures: Error[], answer = "ok") => {
    const starts: number[] = [];
    return {
      starts,
      call: async () => {
        starts.push(time.now());
        const failure = failures[starts.length - 1];
        if (failure) throw failure;
        return answer;
      },
    };
  };
  return { time, pacer, settings, retries, scripted };
}

test("default: one attempt on the pacer's turn, its answer returned", async () => {
  const { time, settings, scripted, retries } = setup();
  const call = scripted([]);
  expect(await time.run(callPaced({ ...settings, call: call.call }))).toBe("ok");
  expect(call.starts).toEqual([1]);
  expect(retries).toEqual([]);
});

describe("429", () => {
  test("Retry-After pauses every request of the pacer for exactly that long, then the attempt is made again", async () => {
    const { time, settings, scripted, retries, pacer } = setup();
    const limited = scripted([rateLimited(2000)]);
    const other = scripted([]);
    const both = Promise.all([
      callPaced({ ...settings, call: limited.call }),
      // Another request asks for its turn just after the 429 arrived.
      (async () => {
        await time.sleep({ ms: 1 });
        return callPaced({ ...settings, call: other.call });
      })(),
    ]);
    expect(await time.run(both)).toEqual(["ok", "ok"]);
    expect(limited.starts).toEqual([1, 2001]);
    // The other request was not let through during the pause either.
    expect(other.starts).toEqual([2001]);
    expect(retries).toMatchObject([{ attempt: 1, delayMs: 2000, rateLimited: true }]);
    expect(pacer.capacity).toBe(1000);
  });

  test("without Retry-After: an exponential backoff, for every request too", async () => {
    const { time, settings, scripted, retries } = setup();
    const call = scripted([rateLimited(), rateLimited(), rateLimited()]);
    expect(await time.run(callPaced({ ...settings, call: call.call }))).toBe("ok");
    // random() = 0: half of 100, 200, 400 ms.
    expect(call.starts).toEqual([1, 51, 151, 351]);
    expect(retries.map((retry) => retry.delayMs)).toEqual([50, 100, 200]);
  });

  test("a Retry-After longer than maxRetryAfterMs ends with CollectRetryAfterTooLongError", async () => {
    const { time, settings, scripted } = setup();
    const call = scripted([rateLimited(3_600_000)]);
    const error = await time.run(callPaced({ ...settings, call: call.call })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CollectRetryAfterTooLongError);
    expect((error as CollectRetryAfterTooLongError).shortMessage).toMatchInlineSnapshot(
      `"The service asked to wait 3600 s (Retry-After) before GET /requests/0x01/signature; at most 60 s is waited."`,
    );
    expect(call.starts).toEqual([1]);
  });
});

test("a dropped connection waits its own backoff; the others are not held", async () => {
  const { time, settings, scripted, retries } = setup();
  const flaky = scripted([dropped(), dropped()]);
  const other = scripted([]);
  const run = Promise.all([
    callPaced({ ...settings, call: flaky.call }),
    (async () => {
      await time.sleep({ ms: 1 });
      return callPaced({ ...settings, call: other.call });
    })(),
  ]);
  expect(await time.run(run)).toEqual(["ok", "ok"]);
  // Backoffs of 50 and 100 ms; the other request went at its own turn meanwhile.
  expect(flaky.starts).toEqual([1, 51, 151]);
  expect(other.starts).toEqual([2]);
  expect(retries).toMatchObject([
    { attempt: 1, delayMs: 50, rateLimited: false },
    { attempt: 2, delayMs: 100, rateLimited: false },
  ]);
});

test("the attempts run out: CollectAttemptsExhaustedError, the last failure as its cause", async () => {
  const { time, settings, scripted } = setup();
  const last = dropped();
  const call = scripted([dropped(), rateLimited(0), dropped(), last]);
  const error = await time.run(callPaced({ ...settings, call: call.call })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CollectAttemptsExhaustedError);
  expect((error as CollectAttemptsExhaustedError).attempts).toBe(4);
  expect((error as CollectAttemptsExhaustedError).cause).toBe(last);
  expect(call.starts).toHaveLength(4);
  expect((error as CollectAttemptsExhaustedError).message).toMatchInlineSnapshot(`
    "Gave up on GET /requests/0x01/signature after 4 attempts.

    Every attempt failed with an error worth retrying (429, 502, 503, 504, a dropped connection, a timeout).
    What was collected is kept: run the collection again later to go on (raise maxAttempts, or lower the rate).

    Details: other side closed
    Version: attestkit@0.1.0"
  `);
});

test("an error not worth retrying (404) is thrown at once", async () => {
  const { time, settings, scripted } = setup();
  const notFound = new ApiError({ status: 404, method: "GET", url, body: { message: "no" }, headers: {} });
  const call = scripted([notFound]);
  await expect(time.run(callPaced({ ...settings, call: call.call }))).rejects.toBe(notFound);
  expect(call.starts).toEqual([1]);
});

test("an abort is never retried", async () => {
  const { time, settings, scripted } = setup();
  const controller = new AbortController();
  const call = scripted([dropped()]);
  const run = callPaced({ ...settings, call: call.call, signal: controller.signal });
  controller.abort();
  await expect(time.run(run)).rejects.toBeInstanceOf(AbortError);
  expect(call.starts.length).toBeLessThanOrEqual(1);
});
