import { expect, test } from "vitest";
import type { CollectProgress } from "../collect/types.js";
import { createCollectProgressBar } from "./createCollectProgressBar.js";

const progress = (fields: Partial<CollectProgress>): CollectProgress => ({
  listed: 0,
  total: undefined,
  listingDone: false,
  pages: 0,
  skipped: 0,
  collected: 0,
  unavailable: 0,
  retries: 0,
  rateLimited: 0,
  requests: 0,
  ...fields,
});

/** A terminal that records what is drawn, and a clock the test moves. */
function setup() {
  const writes: string[] = [];
  let time = 1_000;
  const bar = createCollectProgressBar({
    terminal: { isTTY: true, write: (text) => writes.push(text) },
    now: () => time,
  });
  return { bar, writes, advance: (ms: number) => (time += ms) };
}

test("default: the share done of the total, what the file had, the rate of this run and the time left", () => {
  const { bar, writes, advance } = setup();
  advance(4_000);
  bar.update(progress({ total: 2_000, skipped: 400, collected: 400, retries: 5, rateLimited: 2 }));
  // 800 of 2,000 done; 400 fetched in 4 s: 100/s, 1,200 to go: 12 s.
  expect(writes).toEqual([
    `\r[${"#".repeat(12)}${"-".repeat(18)}] 40%  800/2,000  (400 had)  100/s  ETA 12s  429: 2  retries: 3\u001b[K`,
  ]);
  bar.clear();
  expect(writes.at(-1)).toBe("\r\u001b[2K");
});

test("without a total (the v2 listing): the count and the rate, no share and no ETA", () => {
  const { bar, writes, advance } = setup();
  advance(2_000);
  bar.update(progress({ collected: 50 }));
  expect(writes).toEqual(["\r50 collected  25/s\u001b[K"]);
});

test("drawn at most once per 100 ms; nothing to erase when never drawn", () => {
  const { bar, writes, advance } = setup();
  bar.clear();
  expect(writes).toEqual([]);
  advance(100);
  bar.update(progress({ collected: 1 }));
  advance(99);
  bar.update(progress({ collected: 2 }));
  expect(writes).toHaveLength(1);
  advance(1);
  bar.update(progress({ collected: 3 }));
  expect(writes).toHaveLength(2);
});
