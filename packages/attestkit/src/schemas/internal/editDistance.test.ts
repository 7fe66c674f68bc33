import { describe, expect, test } from "vitest";
import { editDistance } from "./editDistance.js";

describe("editDistance", () => {
  test.each([
    ["", "", 0],
    ["abc", "abc", 0],
    ["", "abc", 3],
    ["slipageTolerance", "slippageTolerance", 1],
    ["referer", "referrer", 1],
    ["verifed", "verified", 1],
    ["ttl", "tlt", 1],
    ["recipeint", "recipient", 1],
    ["kitten", "sitting", 3],
    ["ca", "abc", 3],
  ] as const)("%j to %j is %i", (a, b, distance) => {
    expect(editDistance(a, b, 5)).toBe(distance);
    expect(editDistance(b, a, 5)).toBe(distance);
  });

  test("beyond the limit it answers limit + 1, never a smaller number", () => {
    expect(editDistance("kitten", "sitting", 2)).toBe(3);
    expect(editDistance("a", "abcdefgh", 1)).toBe(2);
    expect(editDistance("abcdefgh", "hgfedcba", 0)).toBe(1);
  });

  test("random strings: symmetric, zero only for equal strings, within the length bounds", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const word = () => Array.from({ length: next() % 7 }, () => "abc"[next() % 3]).join("");
    for (let i = 0; i < 500; i++) {
      const [a, b] = [word(), word()];
      const distance = editDistance(a, b, 10);
      expect(distance).toBe(editDistance(b, a, 10));
      expect(distance === 0).toBe(a === b);
      expect(distance).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
      expect(distance).toBeLessThanOrEqual(Math.max(a.length, b.length));
    }
  });
});
