import { expect, test } from "vitest";
import { createAuditProgressBar } from "./createAuditProgressBar.js";

/** A terminal that records what is drawn, and a clock the test moves. */
function setup(size: number | undefined) {
  const writes: string[] = [];
  let time = 1_000;
  const bar = createAuditProgressBar({
    terminal: { isTTY: true, write: (text) => writes.push(text) },
    size,
    now: () => time,
  });
  return { bar, writes, advance: (ms: number) => (time += ms) };
}

test("default: the share read, the entries done, the rate so far and the time left", () => {
  const { bar, writes, advance } = setup(4_000_000);
  advance(2_000);
  bar.update({ entries: 16_000, bytesRead: 1_000_000 });
  // A quarter in 2 s: 8,000 entries/s, 6 s to go.
  expect(writes).toEqual([
    `\r[${"#".repeat(8)}${"-".repeat(22)}] 25%  16,000 entries  8,000/s  ETA 6s\u001b[K`,
  ]);
  advance(1_000);
  bar.update({ entries: 32_000, bytesRead: 2_000_000 });
  expect(writes.at(-1)).toBe(
    `\r[${"#".repeat(15)}${"-".repeat(15)}] 50%  32,000 entries  10,667/s  ETA 3s\u001b[K`,
  );
  bar.clear();
  expect(writes.at(-1)).toBe("\r\u001b[2K");
});

test("drawn at most once per 100 ms, the last drawing (100 %) always", () => {
  const { bar, writes, advance } = setup(1_000);
  advance(50);
  bar.update({ entries: 1, bytesRead: 100 });
  advance(50);
  bar.update({ entries: 2, bytesRead: 200 });
  advance(49);
  bar.update({ entries: 3, bytesRead: 300 });
  expect(writes).toHaveLength(1);
  advance(1);
  bar.update({ entries: 4, bytesRead: 400 });
  expect(writes).toHaveLength(2);
  bar.update({ entries: 10, bytesRead: 1_000 });
  expect(writes).toHaveLength(3);
  // 10 entries in 150 ms.
  expect(writes.at(-1)).toBe(`\r[${"#".repeat(30)}] 100%  10 entries  67/s  ETA 0s\u001b[K`);
});

test("longer times in minutes and hours; one entry is singular", () => {
  const { bar, writes, advance } = setup(1_000_000);
  advance(10_000);
  bar.update({ entries: 1, bytesRead: 50_000 });
  expect(writes.at(-1)).toContain("  1 entry  0/s  ETA 3m 10s");
  advance(110_000);
  bar.update({ entries: 2, bytesRead: 50_000 });
  expect(writes.at(-1)).toContain("ETA 38m 00s");
  const slow = setup(10_000_000);
  slow.advance(60_000);
  slow.bar.update({ entries: 5, bytesRead: 1_000 });
  expect(slow.writes.at(-1)?.endsWith("ETA 166h 39m\u001b[K")).toBe(true);
});

test("standard input (no size): the entries and the rate, no bar and no ETA", () => {
  const { bar, writes, advance } = setup(undefined);
  advance(500);
  bar.update({ entries: 2_500, bytesRead: 123_456 });
  expect(writes).toEqual(["\r2,500 entries  5,000/s\u001b[K"]);
});

test("never drawn, never erased", () => {
  const { bar, writes } = setup(10);
  bar.clear();
  expect(writes).toEqual([]);
});
