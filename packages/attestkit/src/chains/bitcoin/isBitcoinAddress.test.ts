import { expect, test } from "vitest";
import { isBitcoinAddress } from "./isBitcoinAddress.js";

test("default", () => {
  expect(isBitcoinAddress({ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" })).toBe(true);
});

test("rejects invalid addresses and non-strings", () => {
  expect(isBitcoinAddress({ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5" })).toBe(false);
  expect(isBitcoinAddress({ address: "0x8ba1f109551bd432803012645ac136ddd64dba72" })).toBe(false);
  expect(isBitcoinAddress({ address: undefined })).toBe(false);
  expect(isBitcoinAddress({ address: 1 })).toBe(false);
});

test("network option", () => {
  expect(isBitcoinAddress({ address: "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn" })).toBe(false);
  expect(isBitcoinAddress({ address: "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", network: "testnet" })).toBe(true);
});
