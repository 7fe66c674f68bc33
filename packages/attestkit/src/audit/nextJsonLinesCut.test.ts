import { expect, test } from "vitest";
import { nextJsonLinesCut } from "./nextJsonLinesCut.js";

const bytes = (text: string) => new TextEncoder().encode(text);

test("default: the last line end within the batch size", () => {
  // Lines of 4 bytes ("aaa\n"); a batch of 10 bytes holds two of them.
  expect(nextJsonLinesCut(bytes("aaa\nbbb\nccc\nddd\n"), 0, 10, false, 1)).toBe(8);
  expect(nextJsonLinesCut(bytes("aaa\nbbb\nccc\nddd\n"), 8, 10, false, 3)).toBe(16);
});

test("a line longer than a batch is one batch of its own", () => {
  expect(nextJsonLinesCut(bytes("aaaaaaaaaaaa\nb\n"), 0, 4, false, 1)).toBe(13);
});

test("no line end yet: -1 while the input goes on, everything once it has ended", () => {
  expect(nextJsonLinesCut(bytes("aaaaaaaa"), 0, 4, false, 1)).toBe(-1);
  expect(nextJsonLinesCut(bytes("aaaaaaaa"), 0, 4, true, 1)).toBe(8);
});

test("at the end, what is left goes out in quarters, down to an eighth of a batch", () => {
  const text = bytes("a\n".repeat(400));
  // Past the first line, 800 bytes left and batches of 1,000: a quarter, 200 bytes.
  expect(nextJsonLinesCut(text, 0, 1000, true, 2)).toBe(200);
  // 80 bytes left: an eighth of a batch (125 bytes) takes them all.
  expect(nextJsonLinesCut(text, 720, 1000, true, 361)).toBe(800);
  // An input of one batch (nothing handed out yet) stays whole.
  expect(nextJsonLinesCut(text, 0, 1000, true, 1)).toBe(800);
});
