import { expect, test } from "vitest";
import { AbortError } from "../errors/request.js";
import { raceAbort } from "./raceAbort.js";
import { throwIfAborted } from "./throwIfAborted.js";

test("default: settles like the promise when nothing aborts", async () => {
  expect(await raceAbort(Promise.resolve(1), new AbortController().signal)).toBe(1);
  expect(await raceAbort(Promise.resolve(2), undefined)).toBe(2);
  await expect(raceAbort(Promise.reject(new Error("x")), new AbortController().signal)).rejects.toThrow("x");
});

test("an abort rejects at once with the reason, without waiting for the promise", async () => {
  const controller = new AbortController();
  const never = new Promise<never>(() => {});
  setTimeout(() => controller.abort("stop"), 5);
  const error = await raceAbort(never, controller.signal).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AbortError);
  expect((error as AbortError).cause).toBe("stop");
  await expect(raceAbort(Promise.resolve(1), AbortSignal.abort())).rejects.toBeInstanceOf(AbortError);
});

test("throwIfAborted throws only for an aborted signal", () => {
  expect(() => throwIfAborted(undefined)).not.toThrow();
  expect(() => throwIfAborted(new AbortController().signal)).not.toThrow();
  expect(() => throwIfAborted(AbortSignal.abort("why"))).toThrow(AbortError);
});
