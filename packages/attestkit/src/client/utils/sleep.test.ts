import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { AbortError } from "../errors/request.js";
import { sleep } from "./sleep.js";

// The waits run on a fake clock (timers and Date): a wait ends exactly when the clock has moved by
// it, never earlier and never because the machine was slow.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The wait, and whether it has settled yet. */
function watch(wait: Promise<unknown>) {
  const state = { settled: false };
  wait.then(
    () => {
      state.settled = true;
    },
    () => {
      state.settled = true;
    },
  );
  return state;
}

test("default: waits the given time, not a millisecond less", async () => {
  const wait = watch(sleep({ ms: 30 }));
  await vi.advanceTimersByTimeAsync(29);
  expect(wait.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(wait.settled).toBe(true);
});

test("an abort ends the wait at once with an AbortError carrying the reason", async () => {
  const controller = new AbortController();
  const wait = sleep({ ms: 10_000, signal: controller.signal }).catch((e) => e);
  await vi.advanceTimersByTimeAsync(10);
  controller.abort("enough");
  // No timer needs to fire: the abort alone settles it.
  const error = await wait;
  expect(error).toBeInstanceOf(AbortError);
  expect(error.cause).toBe("enough");
});

test("an already aborted signal rejects without waiting", async () => {
  await expect(sleep({ ms: 10_000, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
});

test("a wait longer than one timer can hold is not cut to 1 ms", async () => {
  const controller = new AbortController();
  const wait = watch(sleep({ ms: 2 ** 31 + 5, signal: controller.signal }));
  // Past the first timer's 2^31 - 1 ms (where a single timer would have fired after 1 ms), and up
  // to a millisecond before the end: still waiting.
  await vi.advanceTimersByTimeAsync(2 ** 31 + 4);
  expect(wait.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(wait.settled).toBe(true);
  controller.abort();
});
