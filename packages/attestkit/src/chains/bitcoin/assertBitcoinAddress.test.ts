import { expect, test } from "vitest";
import { assertBitcoinAddress } from "./assertBitcoinAddress.js";
import { InvalidBitcoinAddressError } from "./errors.js";

test("default", () => {
  expect(() => assertBitcoinAddress({ address: "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy" })).not.toThrow();
});

test("names the field", () => {
  let caught: unknown;
  try {
    assertBitcoinAddress({ address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", field: "recipient" });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidBitcoinAddressError);
  expect((caught as InvalidBitcoinAddressError).field).toBe("recipient");
  expect((caught as InvalidBitcoinAddressError).reason).toBe("wrong-network");
  expect((caught as InvalidBitcoinAddressError).message).toMatchInlineSnapshot(`
    "Field "recipient" is not a valid Bitcoin mainnet address: it belongs to another Bitcoin network.

    value: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"
    Accepted: P2PKH and P2SH (base58check), P2WPKH and P2WSH (bech32), P2TR (bech32m).
    Addresses are passed on exactly as given; their case is never changed.
    Version: attestkit@0.1.0"
  `);
});

test("without a field", () => {
  expect(() => assertBitcoinAddress({ address: "nope" })).toThrow(InvalidBitcoinAddressError);
});
