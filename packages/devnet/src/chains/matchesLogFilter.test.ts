import { expect, test } from "vitest";
import { matchesLogFilter } from "./matchesLogFilter.js";

const a = "0x00000000000000000000000000000000000000aa";
const b = "0x00000000000000000000000000000000000000bb";
const t1 = `0x${"1".repeat(64)}`;
const t2 = `0x${"2".repeat(64)}`;
const t3 = `0x${"3".repeat(64)}`;
const log = { address: a, topics: [t1, t2] };

test("default", () => {
  expect(matchesLogFilter(log, {})).toBe(true);
});

test("an address, any case, or any of a list; an empty list or null is any address", () => {
  expect(matchesLogFilter(log, { address: a.toUpperCase().replace("0X", "0x") })).toBe(true);
  expect(matchesLogFilter(log, { address: b })).toBe(false);
  expect(matchesLogFilter(log, { address: [b, a] })).toBe(true);
  expect(matchesLogFilter(log, { address: [] })).toBe(true);
  expect(matchesLogFilter(log, { address: null })).toBe(true);
});

test("topics by position: null is any, a list is any of it, an empty list is any", () => {
  expect(matchesLogFilter(log, { topics: [t1] })).toBe(true);
  expect(matchesLogFilter(log, { topics: [t2] })).toBe(false);
  expect(matchesLogFilter(log, { topics: [null, t2] })).toBe(true);
  expect(matchesLogFilter(log, { topics: [[t3, t1], [t2]] })).toBe(true);
  expect(matchesLogFilter(log, { topics: [[t3], null] })).toBe(false);
  expect(matchesLogFilter(log, { topics: [[], t2] })).toBe(true);
  expect(matchesLogFilter(log, { topics: [] })).toBe(true);
  expect(matchesLogFilter(log, { topics: null })).toBe(true);
});

test("a filter naming more positions than the log has topics does not match, even with null", () => {
  expect(matchesLogFilter(log, { topics: [t1, t2, null] })).toBe(false);
  expect(matchesLogFilter({ address: a, topics: [] }, { topics: [null] })).toBe(false);
});

test("topics compare without regard to case", () => {
  expect(matchesLogFilter(log, { topics: [t1.toUpperCase().replace("0X", "0x")] })).toBe(true);
});

test("address and topics must both match", () => {
  expect(matchesLogFilter(log, { address: b, topics: [t1] })).toBe(false);
  expect(matchesLogFilter(log, { address: a, topics: [t3] })).toBe(false);
});
