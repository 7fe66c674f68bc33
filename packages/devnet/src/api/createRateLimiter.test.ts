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

test("a caller is forgotten once its window ends: a stream of distinct keys holds one window's keys", () => {
  let now = 0;
  const limiter = createRateLimiter({ config: { windowMs: 1_000 }, now: () => now });
  for (let i = 0; i < 50_000; i++) limiter.take({ apiKey: `key-${i}`, ip: "127.0.0.1" });
  expect(limiter.size()).toBe(50_000);
  now += 999;
  limiter.take({ apiKey: "late", ip: "127.0.0.1" });
  expect(limiter.size()).toBe(50_001);
  // A window later, only the caller of the last millisecond is still held.
  now += 1;
  limiter.take({ apiKey: "next", ip: "127.0.0.1" });
  expect(limiter.size()).toBe(2);
  now += 1_000;
  expect(limiter.size()).toBe(0);
});

test("a caller that keeps coming keeps its budget while idle ones are dropped around it", () => {
  let now = 0;
  const limiter = createRateLimiter({ config: { windowMs: 1_000, apiKey: 2 }, now: () => now });
  const busy = { apiKey: "busy", ip: "127.0.0.1" };
  expect([limiter.take(busy), limiter.take(busy), limiter.take(busy)]).toEqual([0, 0, 1]);
  now += 500;
  limiter.take({ apiKey: "idle", ip: "127.0.0.1" });
  // Still in its window: still limited.
  expect(limiter.take(busy)).toBe(1);
  now += 500;
  expect(limiter.take(busy)).toBe(0);
  now += 600;
  expect(limiter.size()).toBe(1);
});

test("within one window at most maxEntries callers are held, the oldest forgotten first", () => {
  let now = 0;
  const limiter = createRateLimiter({
    config: { windowMs: 60_000, apiKey: 1 },
    now: () => now,
    maxEntries: 3,
  });
  for (const apiKey of ["a", "b", "c", "d"]) {
    limiter.take({ apiKey, ip: "127.0.0.1" });
    now++;
  }
  expect(limiter.size()).toBe(3);
  // "a" was forgotten: a fresh window; "d" is still limited.
  expect(limiter.take({ apiKey: "a", ip: "127.0.0.1" })).toBe(0);
  expect(limiter.take({ apiKey: "d", ip: "127.0.0.1" })).toBeGreaterThan(0);
});
