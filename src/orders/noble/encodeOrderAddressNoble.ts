import { base58Decode } from "../../attestation/noble/base58Decode.js";
import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import {
  InvalidOrderAddressError,
  InvalidOrderFieldError,
  LegacyBitcoinEncodingRequiredError,
  type MissingOrderFieldError,
} from "../errors.js";
import type { LegacyBitcoinEncoding, OrderVmType } from "../types.js";
import { base58checkDecode } from "./base58checkDecode.js";
import { bech32Decode, wordsToBytes } from "./bech32Decode.js";
import { isDecimalNoble, presentNoble } from "./internal/readersNoble.js";

export type EncodeOrderAddressNobleParameters = {
  /** The address (or currency id) as the order gives it. */
  value: unknown;
  /** The VM of the chain the order field names. */
  vmType: OrderVmType;
  /** The order field, for errors. */
  field?: string | undefined;
  /** Required only for legacy Bitcoin addresses (`1...`, `3...`). */
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
};

export type EncodeOrderAddressNobleErrorType =
  | MissingOrderFieldError
  | InvalidOrderFieldError
  | InvalidOrderAddressError
  | LegacyBitcoinEncodingRequiredError;

const maxSafe = 9007199254740991n;

/**
 * Turns an address into the bytes an order signs, by its chain's VM, with hand-written codecs:
 * EVM and HyperEVM hex, Solana base58 (32 bytes), Bitcoin bech32/bech32m `[version, ...program]`
 * or legacy base58check under a named choice, Tron base58check `0x41 || 20`, the exchange's
 * indices as 16 big-endian bytes. Same rules and errors as `encodeOrderAddress`.
 *
 * @param parameters - {@link EncodeOrderAddressNobleParameters}
 * @returns The bytes.
 * @throws InvalidOrderAddressError or LegacyBitcoinEncodingRequiredError, naming the field.
 * @example
 * encodeOrderAddressNoble({ value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", vmType: "tron-vm" }) // 0x41a614...
 */
export function encodeOrderAddressNoble({
  value,
  vmType,
  field = "address",
  legacyBitcoinEncoding,
}: EncodeOrderAddressNobleParameters): Uint8Array {
  presentNoble(field, value);
  const fail = (reason: string) => new InvalidOrderAddressError({ field, value, vmType, reason });
  if (typeof value !== "string") throw fail("not a string");

  if (vmType === "ethereum-vm") {
    const bytes = value.length === 42 ? hexToBytes(value) : undefined;
    if (bytes === undefined) throw fail("not 0x followed by 40 hex digits");
    return bytes;
  }
  if (vmType === "hyperliquid-vm") {
    const bytes = value.length === 34 || value.length === 42 ? hexToBytes(value) : undefined;
    if (bytes === undefined) throw fail("not 0x followed by 32 or 40 hex digits");
    return bytes;
  }
  if (vmType === "solana-vm") {
    const bytes = base58Decode(value);
    if (bytes === undefined) throw fail("not base58");
    if (bytes.length !== 32) throw fail(`decodes to ${bytes.length} bytes, not 32`);
    return bytes;
  }
  if (vmType === "tron-vm") {
    const bytes = base58checkDecode(value);
    if (bytes === undefined) throw fail("not base58check");
    if (bytes.length !== 21 || bytes[0] !== 0x41) throw fail("does not decode to 0x41 followed by 20 bytes");
    return bytes;
  }
  if (vmType === "lighter-vm") {
    if (!isDecimalNoble(value)) throw fail("not decimal digits");
    let index = BigInt(value);
    if (index > maxSafe) throw fail("above 2^53 - 1");
    const bytes = new Uint8Array(16);
    for (let i = 15; i >= 0; i--, index >>= 8n) bytes[i] = Number(index & 0xffn);
    return bytes;
  }
  // bitcoin-vm
  if (value.startsWith("bc1")) {
    if (value !== value.toLowerCase()) throw fail("bech32 text must be lowercase");
    const decoded = bech32Decode(value);
    const version = decoded?.words[0];
    const valid =
      decoded !== undefined &&
      decoded.prefix === "bc" &&
      version !== undefined &&
      // Witness version 0 carries a bech32 checksum, versions 1 to 16 a bech32m checksum.
      ((decoded.variant === "bech32" && version === 0) ||
        (decoded.variant === "bech32m" && version >= 1 && version <= 16));
    if (!valid) throw fail("not a valid bech32 (v0) or bech32m (v1-16) bc address");
    const program = wordsToBytes(decoded.words.slice(1));
    if (program === undefined) throw fail("bad padding in the witness program");
    if (program.length < 2 || program.length > 40)
      throw fail(`witness program of ${program.length} bytes (2 to 40 allowed)`);
    const out = new Uint8Array(1 + program.length);
    out[0] = version;
    out.set(program, 1);
    return out;
  }
  if (value.startsWith("1") || value.startsWith("3")) {
    const payload = base58checkDecode(value);
    if (payload === undefined) throw fail("not base58check");
    const versionByte = value.startsWith("1") ? 0x00 : 0x05;
    if (payload.length !== 21 || payload[0] !== versionByte)
      throw fail(`does not decode to version 0x0${versionByte} followed by 20 bytes`);
    if (legacyBitcoinEncoding === undefined) throw new LegacyBitcoinEncodingRequiredError({ field, value });
    if (legacyBitcoinEncoding === "unprefixed") return payload;
    if (legacyBitcoinEncoding !== "ff-prefixed")
      throw new InvalidOrderFieldError({
        field: "legacyBitcoinEncoding",
        value: legacyBitcoinEncoding,
        reason: 'not "ff-prefixed" or "unprefixed"',
      });
    const out = new Uint8Array(22);
    out[0] = 0xff;
    out.set(payload, 1);
    return out;
  }
  throw fail("neither bc1 (bech32/bech32m) nor legacy 1.../3...");
}
