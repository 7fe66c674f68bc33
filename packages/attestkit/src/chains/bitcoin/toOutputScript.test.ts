import { hex } from "@scure/base";
import { expect, test } from "vitest";
import { bitcoinTestWallets } from "../../../../devnet/src/bitcoin/bitcoinTestWallets.js";
import { classifyOutputScript } from "../../../../devnet/src/bitcoin/classifyOutputScript.js";
import { InvalidBitcoinAddressError } from "./errors.js";
import { isBitcoinAddress } from "./isBitcoinAddress.js";
import { toOutputScript } from "./toOutputScript.js";

test("default: a P2WPKH address", () => {
  expect(hex.encode(toOutputScript({ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" }))).toBe(
    "0014751e76e8199196d454941c45d1b3a323f1433bd6",
  );
});

test("every address type round-trips through classifyOutputScript", () => {
  for (const address of [
    "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH",
    "3CNHUhP3uyB9EUtRLsmvFUmvGdjGdkTxJw",
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
    "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr",
    ...bitcoinTestWallets.flatMap((wallet) => [wallet.p2wpkhAddress, wallet.p2trAddress]),
  ]) {
    expect(isBitcoinAddress({ address })).toBe(true);
    expect(classifyOutputScript(toOutputScript({ address })).address).toBe(address);
  }
});

test("refuses what the client's validator refuses", () => {
  for (const address of [
    "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", // testnet
    "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kyxctgx", // regtest
    "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8", // the native currency identifier, not an address
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", // checksum
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7kv8f3t4", // mixed case
    "",
  ]) {
    expect(isBitcoinAddress({ address })).toBe(false);
    expect(() => toOutputScript({ address })).toThrow(InvalidBitcoinAddressError);
  }
});
