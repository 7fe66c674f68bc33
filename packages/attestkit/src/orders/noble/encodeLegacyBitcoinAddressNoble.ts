import { InvalidOrderFieldError, LegacyBitcoinEncodingRequiredError } from "../errors.js";
import type { LegacyBitcoinEncoding } from "../types.js";
import { base58checkDecode } from "./base58checkDecode.js";

/**
 * The bytes an order signs for a legacy Bitcoin address (P2PKH `1...`, version 0x00; P2SH
 * `3...`, version 0x05; base58check of the version and 20 bytes): the order's signer chose one
 * encoding, which the caller must name: `unprefixed` (the 21 bytes) or `ff-prefixed`
 * (`0xff || 21 bytes`).
 *
 * @param value - The address text (starting `1` or `3`).
 * @param field - The order field, for errors.
 * @param legacyBitcoinEncoding - The encoding the order was signed with.
 * @returns The bytes, or the reason the text is no such address (for InvalidOrderAddressError).
 * @throws LegacyBitcoinEncodingRequiredError when no encoding is named, InvalidOrderFieldError
 * (`legacyBitcoinEncoding`) for one that is neither choice; both only for a valid address.
 * @example
 * encodeLegacyBitcoinAddressNoble("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "f", "ff-prefixed") // 22 bytes
 */
export function encodeLegacyBitcoinAddressNoble(
  value: string,
  field: string,
  legacyBitcoinEncoding: LegacyBitcoinEncoding | undefined,
): Uint8Array | string {
  const payload = base58checkDecode(value);
  if (payload === undefined) return "not base58check";
  const versionByte = value.startsWith("1") ? 0x00 : 0x05;
  if (payload.length !== 21 || payload[0] !== versionByte)
    return `does not decode to version 0x0${versionByte} followed by 20 bytes`;
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
