// The noble path's own readers for order fields. They apply the same rules, in the same words,
// as the viem path's (src/orders/internal/readers.ts) without sharing its code or viem; the
// differential tests keep the two equal.
import { checksumAddress } from "../../../attestation/noble/checksumAddress.js";
import { hexToBytes } from "../../../attestation/noble/hexToBytes.js";
import { InvalidOrderFieldError, MissingOrderFieldError } from "../../errors.js";

export function presentNoble(field: string, value: unknown): unknown {
  if (value === undefined || value === null) throw new MissingOrderFieldError({ field });
  return value;
}

export function readObjectNoble(field: string, value: unknown): Record<string, unknown> {
  presentNoble(field, value);
  if (typeof value !== "object" || Array.isArray(value))
    throw new InvalidOrderFieldError({ field, value, reason: "not an object" });
  return value as Record<string, unknown>;
}

export function readArrayNoble(field: string, value: unknown): readonly unknown[] {
  presentNoble(field, value);
  if (!Array.isArray(value)) throw new InvalidOrderFieldError({ field, value, reason: "not an array" });
  // Index by index: a hole in a sparse array is an element that is missing, not one to skip.
  const out: unknown[] = [];
  for (let i = 0; i < value.length; i++) out.push(value[i]);
  return out;
}

export function readStringNoble(field: string, value: unknown): string {
  presentNoble(field, value);
  if (typeof value !== "string") throw new InvalidOrderFieldError({ field, value, reason: "not a string" });
  if (value.length === 0) throw new InvalidOrderFieldError({ field, value, reason: "empty" });
  return value;
}

/** True when every character is a decimal digit (and there is at least one). */
export function isDecimalNoble(text: string): boolean {
  if (text.length === 0) return false;
  for (const char of text) if (char < "0" || char > "9") return false;
  return true;
}

/**
 * An unsigned integer of `bits` bits: a bigint, decimal digits, and where allowed `0x` hex text
 * (at least one digit) or a safe-integer number.
 */
export function readUintNoble(
  field: string,
  value: unknown,
  bits: 256 | 32,
  allow: { hex?: boolean; number?: boolean } = {},
): bigint {
  presentNoble(field, value);
  let result: bigint | undefined;
  if (typeof value === "bigint") result = value;
  else if (typeof value === "string" && isDecimalNoble(value)) result = BigInt(value);
  else if (allow.hex && typeof value === "string" && value.startsWith("0x") && value.length > 2) {
    // Whole-string hex digits: hexToBytes wants an even count, so pad one zero in front.
    const digits = value.slice(2);
    const bytes = hexToBytes(`0x${digits.length % 2 === 0 ? "" : "0"}${digits}`);
    if (bytes !== undefined) result = bytes.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
  } else if (allow.number && typeof value === "number" && Number.isSafeInteger(value)) result = BigInt(value);
  if (result === undefined) {
    const forms = ["decimal digits in a string"];
    if (allow.hex) forms.push("0x hex");
    if (allow.number) forms.push("an integer");
    throw new InvalidOrderFieldError({ field, value, reason: `not ${forms.join(" or ")}` });
  }
  if (result < 0n) throw new InvalidOrderFieldError({ field, value, reason: "negative" });
  if (result >> BigInt(bits) !== 0n)
    throw new InvalidOrderFieldError({ field, value, reason: `2^${bits} or more` });
  return result;
}

/** `0x` hex of whole bytes, either case. */
export function readHexBytesNoble(field: string, value: unknown): Uint8Array {
  presentNoble(field, value);
  const bytes = hexToBytes(value);
  if (bytes === undefined)
    throw new InvalidOrderFieldError({ field, value, reason: "not 0x-prefixed hex of whole bytes" });
  return bytes;
}

/** An EIP-712 `address`: 20 bytes of hex; mixed case must be the EIP-55 checksum. */
export function readEvmAddressNoble(field: string, value: unknown): Uint8Array {
  presentNoble(field, value);
  const bytes = typeof value === "string" && value.length === 42 ? hexToBytes(value) : undefined;
  if (bytes === undefined)
    throw new InvalidOrderFieldError({ field, value, reason: "not 0x followed by 40 hex digits" });
  const digits = (value as string).slice(2);
  if (/[a-f]/.test(digits) && /[A-F]/.test(digits) && checksumAddress(bytes) !== value)
    throw new InvalidOrderFieldError({ field, value, reason: "wrong EIP-55 checksum" });
  return bytes;
}
