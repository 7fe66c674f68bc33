import { expect, test } from "vitest";
import { createRequestSlots } from "./createRequestSlots.js";
import { InvalidCollectOptionError } from "./errors.js";

test("default: up to `count` at once; a released slot goes to the longest waiting caller", async () => {
  const slots = createRequestSlots(2);
  await slots.acquire();
  await slots.acquire();
  expect(slots.taken()).toBe(2);
  const order: string[] = [];
  const third = slots.acquire().then(() => order.push("third"));
  const fourth = slots.acquire().then(() => order.push("fourth"));
  await Promise.resolve();
  expect(order).toEqual([]);
  slots.release();
  await third;
  expect(order).toEqual(["third"]);
  expect(slots.taken()).toBe(2);
  slots.release();
  await fourth;
  slots.release();
  slots.release();
  expect(order).toEqual(["third", "fourth"]);
  expect(slots.taken()).toBe(0);
});

test("a count out of range is an InvalidCollectOptionError", () => {
  for (const count of [0, 65, 1.5, Number.NaN])
    expect(() => createRequestSlots(count)).toThrow(InvalidCollectOptionError);
});
