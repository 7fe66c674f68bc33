import { expect, test } from "vitest";
import { iteratorOf } from "./iteratorOf.js";

test("default: a sync iterable's iterator", async () => {
  const iterator = iteratorOf([1, 2]);
  expect(await iterator.next()).toEqual({ done: false, value: 1 });
  expect(await iterator.next()).toEqual({ done: false, value: 2 });
  expect((await iterator.next()).done).toBe(true);
});

test("an async iterable is read as async", async () => {
  async function* numbers() {
    yield 1;
  }
  const step = iteratorOf(numbers()).next();
  expect(step).toBeInstanceOf(Promise);
  expect(await step).toEqual({ done: false, value: 1 });
});
