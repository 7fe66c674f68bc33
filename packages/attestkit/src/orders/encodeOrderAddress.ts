import { base58, bech32, bech32m, createBase58check } from "@scure/base";
import { bytesToHex, type Hex, sha256 } from "viem";
import {
  InvalidOrderAddressError,
  type InvalidOrderAddressErrorType,
  InvalidOrderFieldError,
  type InvalidOrderFieldErrorType,
  LegacyBitcoinEncodingRequiredError,
  type LegacyBitcoinEncodingRequiredErrorType,
  type MissingOrderFieldErrorType,
} from "./errors.js";
import { present } from "./internal/readers.js";
import type { LegacyBitcoinEncoding, OrderVmType } from "./types.js";

export type EncodeOrderAddressParameters = {
  /** The address (or currency id) as the order gives it. */
  value: unknown;
  /** The VM of the chain the order field names (see `orderVmTypeOf`). */
  vmType: OrderVmType;
  /** The order field, for errors. */
  field?: string | undefined;
  /** Required only for legacy Bitcoin addresses (`1...`, `3...`). */
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
};

/** The bytes the order signs for the address, as lowercase hex. */
export type EncodeOrderAddressReturnType = Hex;

export type EncodeOrderAddressErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | InvalidOrderAddressErrorType
  | LegacyBitcoinEncodingRequiredErrorType;

const base58check = createBase58check((data: Uint8Array) => sha256(data, "bytes"));

/**
 * Turns an address into the `bytes` an order signs, by the rule of its chain's VM:
 * - `ethereum-vm`: the 20 bytes (either case; the order signs bytes, not the EIP-55 text);
 * - `hyperliquid-vm`: the hex bytes, 16 (token id) or 20 (address);
 * - `solana-vm`: the 32 base58-decoded bytes;
 * - `bitcoin-vm`: `bc1...` is `[witnessVersion, ...program]` (bech32 for v0, bech32m for v1-16);
 *   `1...`/`3...` need `legacyBitcoinEncoding` (see {@link LegacyBitcoinEncoding});
 * - `tron-vm`: the 21 base58check-decoded bytes `0x41 || address`;
 * - `lighter-vm`: the account or asset index as 16 big-endian bytes.
 *
 * @param parameters - {@link EncodeOrderAddressParameters}
 * @returns The bytes as lowercase hex. {@link EncodeOrderAddressReturnType}
 * @throws InvalidOrderAddressError (naming the field and the rule broken), or
 * LegacyBitcoinEncodingRequiredError.
 * @example
 * encodeOrderAddress({ value: "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1", vmType: "solana-vm" })
 * // "0x5f0a..." (32 bytes)
 */
export function encodeOrderAddress({
  value,
  vmType,
  field = "address",
  legacyBitcoinEncoding,
}: EncodeOrderAddressParameters): EncodeOrderAddressReturnType {
  present(field, value);
  const fail = (reason: string) => new InvalidOrderAddressError({ field, value, vmType, reason });
  if (typeof value !== "string") throw fail("not a string");
  switch (vmType) {
    case "ethereum-vm":
      if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw fail("not 0x followed by 40 hex digits");
      return value.toLowerCase() as Hex;
    case "hyperliquid-vm":
      if (!/^0x([0-9a-fA-F]{32}|[0-9a-fA-F]{40})$/.test(value))
        throw fail("not 0x followed by 32 or 40 hex digits");
      return value.toLowerCase() as Hex;
    case "solana-vm": {
      let bytes: Uint8Array;
      try {
        bytes = base58.decode(value);
      } catch {
        throw fail("not base58");
      }
      if (bytes.length !== 32) throw fail(`decodes to ${bytes.length} bytes, not 32`);
      return bytesToHex(bytes);
    }
    case "bitcoin-vm":
      return bitcoin(value, fail, () => {
        if (legacyBitcoinEncoding === undefined)
          throw new LegacyBitcoinEncodingRequiredError({ field, value });
        if (legacyBitcoinEncoding !== "ff-prefixed" && legacyBitcoinEncoding !== "unprefixed")
          throw new InvalidOrderFieldError({
            field: "legacyBitcoinEncoding",
            value: legacyBitcoinEncoding,
            reason: 'not "ff-prefixed" or "unprefixed"',
          });
        return legacyBitcoinEncoding;
      });
    case "tron-vm": {
      const bytes = decodeBase58check(value);
      if (bytes === undefined) throw fail("not base58check");
      if (bytes.length !== 21 || bytes[0] !== 0x41)
        throw fail("does not decode to 0x41 followed by 20 bytes");
      return bytesToHex(bytes);
    }
    case "lighter-vm": {
      if (!/^[0-9]+$/.test(value)) throw fail("not decimal digits");
      const index = BigInt(value);
      if (index > BigInt(Number.MAX_SAFE_INTEGER)) throw fail("above 2^53 - 1");
      return `0x${index.toString(16).padStart(32, "0")}`;
    }
  }
}

function bitcoin(
  value: string,
  fail: (reason: string) => InvalidOrderAddressError,
  legacy: () => LegacyBitcoinEncoding,
): Hex {
  if (value.startsWith("bc1")) {
    if (value !== value.toLowerCase()) throw fail("bech32 text must be lowercase");
    // Witness version 0 is bech32 (BIP 173); versions 1 to 16 are bech32m (BIP 350).
    let version: number | undefined;
    let words: number[] = [];
    const v0 = bech32.decodeUnsafe(value, 90);
    if (v0 && v0.prefix === "bc" && v0.words[0] === 0) [version, words] = [0, v0.words.slice(1)];
    const v1 = version === undefined ? bech32m.decodeUnsafe(value, 90) : undefined;
    if (v1 && v1.prefix === "bc" && (v1.words[0] ?? 0) >= 1 && (v1.words[0] ?? 0) <= 16)
      [version, words] = [v1.words[0] as number, v1.words.slice(1)];
    if (version === undefined) throw fail("not a valid bech32 (v0) or bech32m (v1-16) bc address");
    const program = bech32.fromWordsUnsafe(words);
    if (!program) throw fail("bad padding in the witness program");
    if (program.length < 2 || program.length > 40)
      throw fail(`witness program of ${program.length} bytes (2 to 40 allowed)`);
    return bytesToHex(Uint8Array.from([version, ...program]));
  }
  if (value.startsWith("1") || value.startsWith("3")) {
    const bytes = decodeBase58check(value);
    if (bytes === undefined) throw fail("not base58check");
    const expected = value.startsWith("1") ? 0x00 : 0x05;
    if (bytes.length !== 21 || bytes[0] !== expected)
      throw fail(`does not decode to version 0x0${expected} followed by 20 bytes`);
    return bytesToHex(legacy() === "ff-prefixed" ? Uint8Array.from([0xff, ...bytes]) : bytes);
  }
  throw fail("neither bc1 (bech32/bech32m) nor legacy 1.../3...");
}

function decodeBase58check(value: string): Uint8Array | undefined {
  try {
    return base58check.decode(value);
  } catch {
    return undefined;
  }
}
