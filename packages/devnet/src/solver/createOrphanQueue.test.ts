import type { Hex } from "viem";
import { expect, test } from "vitest";
import { createOrphanQueue } from "./createOrphanQueue.js";

const id = (n: number) => `0x${`${n}`.padStart(64, "0")}` as Hex;

test("default: a held request is handed over once its time has come by the clock, once", () => {
  let now = 1_000;
  const due: Hex[] = [];
  const queue = createOrphanQueue({ now: () => now, onDue: (requestId) => due.push(requestId) });
  queue.hold(id(1), 31_000);
  queue.hold(id(2), 61_000);
  queue.release();
  expect(due).toEqual([]);
  now = 31_000;
  queue.release();
  queue.release();
  expect(due).toEqual([id(1)]);
  expect(queue.size()).toBe(1);
  now = 100_000;
  queue.release();
  expect(due).toEqual([id(1), id(2)]);
  expect(queue.size()).toBe(0);
});

test("its timer hands it over once the time has come, without a release", async () => {
  const handed = new Promise<Hex>((resolve) => {
    createOrphanQueue({ now: Date.now, onDue: resolve }).hold(id(3), Date.now() + 5);
  });
  expect(await handed).toBe(id(3));
});

test("a stopped devnet hands nothing over", () => {
  let now = 0;
  const due: Hex[] = [];
  const stop = new AbortController();
  const queue = createOrphanQueue({
    now: () => now,
    onDue: (requestId) => due.push(requestId),
    signal: stop.signal,
  });
  queue.hold(id(1), 10);
  stop.abort();
  queue.hold(id(2), 10);
  now = 20;
  queue.release();
  expect(due).toEqual([]);
  expect(queue.size()).toBe(0);
});
