import { getAddress, isAddress, keccak256, toHex } from "viem";
import { expect, test } from "vitest";
import { isEvmAddress } from "./isEvmAddress.js";

const lower = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
const checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

test("default: a lower-case or checksummed address is one", () => {
  expect(isEvmAddress(lower)).toBe(true);
  expect(isEvmAddress(checksummed)).toBe(true);
});

test("mixed case with one letter's case flipped is not", () => {
  expect(isEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false);
  expect(isEvmAddress("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
});

test("anything but 0x and 40 hex digits is not", () => {
  for (const value of [
    "",
    "0x",
    lower.slice(0, 41),
    `${lower}0`,
    `0X${lower.slice(2)}`,
    ` ${lower}`,
    `${lower}\n`,
    `0x${"g".repeat(40)}`,
    lower.slice(2),
  ])
    expect(isEvmAddress(value), JSON.stringify(value)).toBe(false);
});

test("it accepts exactly what viem's isAddress accepts", () => {
  // Addresses from a keccak chain (and the all-zero and all-f ones), each lower-case, upper-case,
  // checksummed and with every letter of the checksummed form flipped in turn.
  const cases = new Set<string>();
  const seeds: string[] = [`0x${"0".repeat(40)}`, `0x${"f".repeat(40)}`];
  let word: string = keccak256(toHex("isEvmAddress"));
  for (let i = 0; i < 40; i++, word = keccak256(word as `0x${string}`)) seeds.push(word.slice(0, 42));
  for (const seed of seeds) {
    const address = getAddress(seed);
    cases
      .add(seed)
      .add(address)
      .add(`0x${seed.slice(2).toUpperCase()}`);
    for (let i = 2; i < 42; i++) {
      const char = address.charAt(i);
      const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
      cases.add(`${address.slice(0, i)}${flipped}${address.slice(i + 1)}`);
    }
  }
  expect(cases.size).toBeGreaterThan(500);
  let accepted = 0;
  for (const value of cases) {
    expect(isEvmAddress(value), value).toBe(isAddress(value));
    if (isAddress(value)) accepted++;
  }
  // Both outcomes are exercised.
  expect(accepted).toBeGreaterThan(80);
  expect(cases.size - accepted).toBeGreaterThan(400);
});
