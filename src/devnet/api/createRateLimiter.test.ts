import { expect, test } from "vitest";
import { createRateLimiter } from "./createRateLimiter.js";

test("default: generous limits", () => {
  const limiter = createRateLimiter();
  for (let i = 0; i < 5_000; i++) expect(limiter.take({ apiKey: undefined, ip: "127.0.0.1" })).toBe(0);
});

test("one budget per key and per anonymous IP; Retry-After counts to the window's end", () => {
  let now = 1_000;
  const limiter = createRateLimiter({
    config: { windowMs: 10_000, anonymous: 2, apiKey: 3 },
    now: () => now,
  });
  const anonymous = { apiKey: undefined, ip: "127.0.0.1" };
  expect([limiter.take(anonymous), limiter.take(anonymous), limiter.take(anonymous)]).toEqual([0, 0, 10]);
  expect(limiter.take({ apiKey: undefined, ip: "127.0.0.2" })).toBe(0);
  expect([1, 2, 3, 4].map(() => limiter.take({ apiKey: "a", ip: "127.0.0.1" }))).toEqual([0, 0, 0, 10]);
  now += 8_500;
  expect(limiter.take(anonymous)).toBe(2);
  now += 1_500; // A new window.
  expect(limiter.take(anonymous)).toBe(0);
});

test("false turns limiting off", () => {
  const limiter = createRateLimiter({ config: false });
  for (let i = 0; i < 100; i++) expect(limiter.take({ apiKey: "k", ip: "x" })).toBe(0);
});
