import { expect, test } from "vitest";
import { createWorkCounter } from "./createWorkCounter.js";

/** A promise and its resolver. */
const deferred = () => {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};
const isDone = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

test("default: idle and settled resolve at once without work, and once the work is done", async () => {
  const work = createWorkCounter(() => {});
  expect(await isDone(work.idle())).toBe(true);
  const step = deferred();
  work.track("a payment", () => step.promise);
  const idle = work.idle();
  const settled = work.settled();
  expect([await isDone(idle), await isDone(settled)]).toEqual([false, false]);
  step.resolve();
  expect([await isDone(idle), await isDone(settled)]).toEqual([true, true]);
});

test("settled does not wait for work parked on another chain's confirmation; idle does", async () => {
  const work = createWorkCounter(() => {});
  const confirmation = deferred();
  work.track("a Bitcoin payout", () => work.park(confirmation.promise));
  const idle = work.idle();
  expect(await isDone(work.settled())).toBe(true);
  expect(await isDone(idle)).toBe(false);
  confirmation.resolve();
  expect(await isDone(idle)).toBe(true);
});

test("what a piece of work throws is logged, and it still counts as done", async () => {
  const logs: string[] = [];
  const work = createWorkCounter((message) => logs.push(message));
  work.track("a refund", async () => {
    throw new Error("reverted");
  });
  await work.idle();
  expect(logs).toEqual(["a refund: reverted"]);
});
