import { expect, test } from "vitest";
import { AbortError } from "../errors/request.js";
import { sleep } from "./sleep.js";

test("default: waits about the given time", async () => {
  const start = Date.now();
  await sleep({ ms: 30 });
  expect(Date.now() - start).toBeGreaterThanOrEqual(25);
});

test("an abort ends the wait at once with an AbortError carrying the reason", async () => {
  const controller = new AbortController();
  const start = Date.now();
  setTimeout(() => controller.abort("enough"), 10);
  const error = await sleep({ ms: 10_000, signal: controller.signal }).catch((e) => e);
  expect(error).toBeInstanceOf(AbortError);
  expect(error.cause).toBe("enough");
  expect(Date.now() - start).toBeLessThan(1000);
});

test("an already aborted signal rejects without waiting", async () => {
  await expect(sleep({ ms: 10_000, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
});

test("a wait longer than one timer can hold is not cut to 1 ms", async () => {
  const controller = new AbortController();
  let settled = false;
  const wait = sleep({ ms: 2 ** 31 + 5, signal: controller.signal }).then(
    () => (settled = true),
    () => "aborted",
  );
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(settled).toBe(false);
  controller.abort();
  expect(await wait).toBe("aborted");
});
