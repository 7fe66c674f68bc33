import { expect, test } from "vitest";
import { parseRetryAfter } from "./parseRetryAfter.js";

test("default: delay seconds", () => {
  expect(parseRetryAfter({ value: "1" })).toBe(1000);
  expect(parseRetryAfter({ value: " 120 " })).toBe(120_000);
  expect(parseRetryAfter({ value: "0" })).toBe(0);
});

test("fractional seconds are tolerated", () => {
  expect(parseRetryAfter({ value: "0.25" })).toBe(250);
});

test("HTTP date: the time until then", () => {
  const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
  expect(parseRetryAfter({ value: "Wed, 21 Oct 2015 07:28:03 GMT", now })).toBe(3000);
});

test("HTTP date in the past: no wait", () => {
  const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
  expect(parseRetryAfter({ value: "Wed, 21 Oct 2015 07:27:00 GMT", now })).toBe(0);
});

test("absent or unreadable: undefined", () => {
  expect(parseRetryAfter({ value: undefined })).toBeUndefined();
  expect(parseRetryAfter({ value: null })).toBeUndefined();
  expect(parseRetryAfter({ value: "" })).toBeUndefined();
  expect(parseRetryAfter({ value: "soon" })).toBeUndefined();
  expect(parseRetryAfter({ value: "-5" })).toBeUndefined();
  expect(parseRetryAfter({ value: "1e3" })).toBeUndefined();
});
