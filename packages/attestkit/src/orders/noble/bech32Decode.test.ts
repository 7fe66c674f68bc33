import { bech32, bech32m } from "@scure/base";
import { describe, expect, test } from "vitest";
import { SeededRng } from "../../../../../test/support/corpus/SeededRng.js";
import { bech32Decode, wordsToBytes } from "./bech32Decode.js";

test("default: a BIP 173 P2WPKH address", () => {
  const decoded = bech32Decode("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
  expect(decoded?.prefix).toBe("bc");
  expect(decoded?.variant).toBe("bech32");
  expect(decoded?.words[0]).toBe(0);
  expect(Buffer.from(wordsToBytes(decoded?.words.slice(1) ?? []) ?? []).toString("hex")).toBe(
    "751e76e8199196d454941c45d1b3a323f1433bd6",
  );
});

test.each([
  // BIP 350 valid bech32m strings.
  ["a1lqfn3a", "bech32m"],
  ["abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx", "bech32m"],
  ["?1v759aa", "bech32m"],
  ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "bech32m"],
  // BIP 173 valid bech32 strings.
  ["a12uel5l", "bech32"],
  ["abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw", "bech32"],
  ["?1ezyfcl", "bech32"],
])("%s is valid %s", (text, variant) => {
  expect(bech32Decode(text)?.variant).toBe(variant);
});

test.each([
  ["a1lqfn3b", "bad checksum"],
  ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "bad checksum"],
  ["1qzzfhee", "empty prefix"],
  ["a1qqqqq", "data shorter than the checksum"],
  ["pzry9x0s0muk", "no separator"],
  ["abc1bqqqqqq", "b is not in the charset"],
  [`bc1${"q".repeat(88)}`, "over 90 characters"],
])("%s is refused (%s)", (text) => {
  expect(bech32Decode(text)).toBeUndefined();
});

describe("wordsToBytes: strict padding", () => {
  test("leftover zero bits under 5 are padding", () => {
    expect(wordsToBytes([0, 0])).toEqual(Uint8Array.of(0));
  });
  test("non-zero padding is refused", () => {
    expect(wordsToBytes([0, 1])).toBeUndefined();
  });
  test("5 or more leftover bits are refused", () => {
    expect(wordsToBytes([0, 0, 0])).toBeUndefined();
  });
  test("empty", () => {
    expect(wordsToBytes([])).toEqual(new Uint8Array());
  });
});

test("agrees with @scure/base on seeded random texts and words", () => {
  const rng = new SeededRng(7);
  const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
  let valid = 0;
  for (let i = 0; i < 2000; i++) {
    const words = Array.from({ length: rng.int(60) }, () => rng.int(32));
    const variant = rng.chance(0.5) ? bech32 : bech32m;
    let text: string = variant.encode("bc", words, false);
    if (rng.chance(0.5)) {
      const at = 3 + rng.int(text.length - 3);
      text = `${text.slice(0, at)}${rng.pick([...charset])}${text.slice(at + 1)}`;
    }
    const mine = bech32Decode(text);
    const scure = bech32.decodeUnsafe(text, 90) ?? bech32m.decodeUnsafe(text, 90);
    expect(mine === undefined, text).toBe(scure === undefined);
    if (mine && scure) {
      valid++;
      expect(mine.words).toEqual(scure.words);
      expect(wordsToBytes(mine.words)).toEqual(bech32.fromWordsUnsafe(mine.words) ?? undefined);
    }
  }
  expect(valid).toBeGreaterThan(500);
});
