import { describe, expect, test } from "vitest";
import { createVirtualTime } from "../../../../test/support/virtualTime.js";
import { AbortError } from "../client/errors/request.js";
import { createRequestPacer } from "./createRequestPacer.js";
import { InvalidCollectOptionError } from "./errors.js";

/** The most starts any window `[t, t + windowMs)` holds. */
function busiestWindow(starts: readonly number[], windowMs = 1000): number {
  let most = 0;
  for (let i = 0; i < starts.length; i++) {
    let count = 0;
    for (let k = i; k < starts.length && (starts[k] as number) < (starts[i] as number) + windowMs; k++)
      count++;
    most = Math.max(most, count);
  }
  return most;
}

test("default: a whole rate is at most that many starts in any second; the first second is paced evenly", async () => {
  const time = createVirtualTime();
  const pacer = createRequestPacer({ ratePerSecond: 4, now: time.now, sleep: time.sleep });
  expect([pacer.capacity, pacer.windowMs]).toEqual([4, 1000]);
  const starts = await time.run(Promise.all(Array.from({ length: 9 }, () => pacer.take())));
  expect(starts).toEqual([250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250]);
  expect(busiestWindow(starts)).toBe(4);
});

test("a rate below one is one start per 1000 / rate ms; a fraction above one, floor(rate) per window", () => {
  expect(createRequestPacer({ ratePerSecond: 0.5 })).toMatchObject({ capacity: 1, windowMs: 2000 });
  expect(createRequestPacer({ ratePerSecond: 2.5 })).toMatchObject({ capacity: 2, windowMs: 800 });
});

describe("never exceeds the rate", () => {
  test.each([1, 3, 7, 10, 2.5, 0.5])("%d/s, with every wait ending late by up to 40 ms", async (rate) => {
    // Waits that end late, by a different amount each time (a busy event loop): a turn after a late
    // one must not come early to catch up.
    let now = 0;
    let late = 0;
    const pacer = createRequestPacer({
      ratePerSecond: rate,
      now: () => now,
      sleep: async ({ ms }) => {
        late = (late * 7 + 13) % 41;
        now += ms + late;
      },
    });
    const starts: number[] = [];
    for (let i = 0; i < 60; i++) {
      starts.push(await pacer.take());
      // Some callers come back at once, some after an idle time.
      if (i % 10 === 9) now += 5000;
    }
    const { capacity, windowMs } = pacer;
    for (let i = capacity; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - capacity] as number)).toBeGreaterThanOrEqual(windowMs);
    expect(busiestWindow(starts, windowMs)).toBeLessThanOrEqual(capacity);
    if (Number.isInteger(rate)) expect(busiestWindow(starts)).toBeLessThanOrEqual(rate);
  });

  test("a wait that ended late costs the rate nothing later (no lateness adds up)", async () => {
    let now = 0;
    const pacer = createRequestPacer({
      ratePerSecond: 10,
      now: () => now,
      sleep: async ({ ms }) => {
        now += ms + 5;
      },
    });
    const starts: number[] = [];
    for (let i = 0; i < 100; i++) starts.push(await pacer.take());
    // Each turn 5 ms late, but a turn waits only for the one `capacity` turns before it:
    // start(k + 10) = start(k) + 1005, so 1005 + 9 × 1005 ms, not 100 × 105 ms as a fixed spacing.
    expect(starts.at(-1)).toBe(10 * 1005);
    expect(busiestWindow(starts)).toBe(10);
  });

  test("callers waiting together are served one at a time, in the order they asked", async () => {
    const time = createVirtualTime();
    const pacer = createRequestPacer({ ratePerSecond: 2, now: time.now, sleep: time.sleep });
    const served: number[] = [];
    await time.run(Promise.all(Array.from({ length: 5 }, (_, i) => pacer.take().then(() => served.push(i)))));
    expect(served).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("pause", () => {
  test("holds every turn, those already waiting too, until its end", async () => {
    const time = createVirtualTime();
    const pacer = createRequestPacer({ ratePerSecond: 10, now: time.now, sleep: time.sleep });
    expect(await time.run(pacer.take())).toBe(100);
    const waiting = Promise.all([pacer.take(), pacer.take()]);
    // The service said Retry-After: 2 while those two waited.
    pacer.pause(2000);
    expect(await time.run(waiting)).toEqual([2100, 2100]);
  });

  test("a shorter pause does not cut a longer one short; 0 and NaN change nothing", async () => {
    const time = createVirtualTime();
    const pacer = createRequestPacer({ ratePerSecond: 10, now: time.now, sleep: time.sleep });
    pacer.pause(3000);
    pacer.pause(1000);
    pacer.pause(0);
    pacer.pause(Number.NaN);
    expect(await time.run(pacer.take())).toBe(3000);
  });
});

test("an abort ends a waiting turn with an AbortError; the next caller is served", async () => {
  const time = createVirtualTime();
  const pacer = createRequestPacer({ ratePerSecond: 1, now: time.now, sleep: time.sleep });
  await time.run(pacer.take());
  const controller = new AbortController();
  const aborted = pacer.take({ signal: controller.signal });
  const next = pacer.take();
  controller.abort();
  await expect(aborted).rejects.toBeInstanceOf(AbortError);
  expect(await time.run(next)).toBe(2000);
});

test("a rate out of range is an InvalidCollectOptionError", () => {
  for (const ratePerSecond of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 0.0001, 1e6])
    expect(() => createRequestPacer({ ratePerSecond })).toThrow(InvalidCollectOptionError);
  expect(() => createRequestPacer({ ratePerSecond: 0 })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCollectOptionError: Option "ratePerSecond" is 0; expected a number of requests per second from 0.001 to 100000.
    Version: attestkit@0.1.0]
  `);
});
