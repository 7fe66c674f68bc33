import { expect, test } from "vitest";
import { isAccountIndex } from "./isAccountIndex.js";

test("default", () => {
  expect(isAccountIndex({ accountIndex: "281474976710654" })).toBe(true);
});

test("decimal strings", () => {
  expect(isAccountIndex({ accountIndex: "0" })).toBe(true);
  expect(isAccountIndex({ accountIndex: "9007199254740991" })).toBe(true);
  expect(isAccountIndex({ accountIndex: "9007199254740992" })).toBe(false);
  expect(isAccountIndex({ accountIndex: "007" })).toBe(false);
  expect(isAccountIndex({ accountIndex: "-1" })).toBe(false);
  expect(isAccountIndex({ accountIndex: "1.0" })).toBe(false);
  expect(isAccountIndex({ accountIndex: " 12" })).toBe(false);
  expect(isAccountIndex({ accountIndex: "" })).toBe(false);
  expect(isAccountIndex({ accountIndex: "0x8ba1f109551bd432803012645ac136ddd64dba72" })).toBe(false);
});

test("numbers", () => {
  expect(isAccountIndex({ accountIndex: 12 })).toBe(true);
  expect(isAccountIndex({ accountIndex: 0 })).toBe(true);
  expect(isAccountIndex({ accountIndex: 1.5 })).toBe(false);
  expect(isAccountIndex({ accountIndex: -1 })).toBe(false);
  expect(isAccountIndex({ accountIndex: Number.MAX_SAFE_INTEGER + 1 })).toBe(false);
  expect(isAccountIndex({ accountIndex: Number.NaN })).toBe(false);
});

test("other types", () => {
  expect(isAccountIndex({ accountIndex: 12n })).toBe(false);
  expect(isAccountIndex({ accountIndex: null })).toBe(false);
});
