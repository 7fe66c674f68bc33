import { expect, test } from "vitest";
import { createFakeClock } from "./createFakeClock.js";

test("default: time stands still until advanced; timers fire at their time, in order", async () => {
  const time = createFakeClock({ start: 1000 });
  const fired: string[] = [];
  time.setTimeout(() => fired.push(`b@${time.now()}`), 20);
  time.setTimeout(() => fired.push(`a@${time.now()}`), 10);
  time.setTimeout(() => fired.push(`c@${time.now()}`), 20);
  expect(time.now()).toBe(1000);
  await time.advance(15);
  expect(fired).toEqual(["a@1010"]);
  expect(time.now()).toBe(1015);
  await time.advance(100);
  expect(fired).toEqual(["a@1010", "b@1020", "c@1020"]);
  expect(time.now()).toBe(1115);
  expect(time.pending()).toBe(0);
});

test("a cleared timer never fires; a timer set by a timer fires within the same advance", async () => {
  const time = createFakeClock({ start: 0 });
  const fired: number[] = [];
  const cleared = time.setTimeout(() => fired.push(-1), 5);
  time.clearTimeout(cleared);
  time.clearTimeout(undefined);
  time.setTimeout(() => time.setTimeout(() => fired.push(time.now()), 10), 10);
  time.setTimeout(() => fired.push(time.now()), -5);
  await time.advance(0);
  expect(fired).toEqual([0]);
  await time.advance(30);
  expect(fired).toEqual([0, 20]);
});
