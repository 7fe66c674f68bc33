import { expect, test } from "vitest";
import { bytesToHex } from "../../attestation/noble/bytesToHex.js";
import { decodeAccountAddressNoble } from "./decodeAccountAddressNoble.js";

const hex = (result: Uint8Array | string) => (typeof result === "string" ? result : bytesToHex(result));

test("default: the bytes of each VM's address", () => {
  expect(hex(decodeAccountAddressNoble("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "ethereum-vm"))).toBe(
    "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
  );
  expect(hex(decodeAccountAddressNoble(`0x${"ab".repeat(16)}`, "hyperliquid-vm"))).toBe(
    `0x${"ab".repeat(16)}`,
  );
  expect(hex(decodeAccountAddressNoble("11111111111111111111111111111111", "solana-vm"))).toBe(
    `0x${"00".repeat(32)}`,
  );
  expect(hex(decodeAccountAddressNoble("12345", "lighter-vm"))).toBe(`0x${"00".repeat(14)}3039`);
});

test("a text that is no address of the VM comes back as the reason", () => {
  expect(decodeAccountAddressNoble("0x1234", "ethereum-vm")).toBe("not 0x followed by 40 hex digits");
  expect(decodeAccountAddressNoble("0x1234", "hyperliquid-vm")).toBe(
    "not 0x followed by 32 or 40 hex digits",
  );
  expect(decodeAccountAddressNoble("0OIl", "solana-vm")).toBe("not base58");
  expect(decodeAccountAddressNoble("1111", "solana-vm")).toBe("decodes to 4 bytes, not 32");
  expect(decodeAccountAddressNoble("1111", "tron-vm")).toBe("not base58check");
  expect(decodeAccountAddressNoble("12a", "lighter-vm")).toBe("not decimal digits");
  expect(decodeAccountAddressNoble("9007199254740992", "lighter-vm")).toBe("above 2^53 - 1");
});
