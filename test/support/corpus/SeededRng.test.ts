import { expect, test } from "vitest";
import { SeededRng } from "./SeededRng.js";

test("default: the same seed gives the same sequence, another seed another", () => {
  const a = new SeededRng(7);
  const b = new SeededRng(7);
  const c = new SeededRng(8);
  const draw = (r: SeededRng) => Array.from({ length: 5 }, () => r.int(1000));
  const first = draw(a);
  expect(draw(b)).toEqual(first);
  expect(draw(c)).not.toEqual(first);
});

test("ranges hold", () => {
  const r = new SeededRng(1);
  for (let i = 0; i < 1000; i++) {
    const x = r.next();
    expect(x >= 0 && x < 1).toBe(true);
    expect(r.int(3)).toBeLessThan(3);
    expect(r.bigint(9)).toBeLessThan(512n);
  }
  expect(r.bytes(4)).toHaveLength(4);
  expect(r.bigint(0)).toBe(0n);
});
