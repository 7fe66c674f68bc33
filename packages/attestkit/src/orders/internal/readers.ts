// Readers for the fields of an order as the API sends them, shared by the viem path's functions.
// Each throws the typed error that names the field; the noble path has its own copies of these
// rules (src/orders/noble/readOrderValue.ts), kept equal by the differential tests.
import { checksumAddress, type Hex } from "viem";
import { InvalidOrderFieldError, MissingOrderFieldError } from "../errors.js";

/** Throws `MissingOrderFieldError` for undefined or null, and returns the value otherwise. */
export function present(field: string, value: unknown): unknown {
  if (value === undefined || value === null) throw new MissingOrderFieldError({ field });
  return value;
}

/** A JSON object (not null, not an array). */
export function readObject(field: string, value: unknown): Record<string, unknown> {
  present(field, value);
  if (typeof value !== "object" || Array.isArray(value))
    throw new InvalidOrderFieldError({ field, value, reason: "not an object" });
  return value as Record<string, unknown>;
}

/** A JSON array, copied dense: a hole reads as `undefined`, so it is reported, not skipped. */
export function readArray(field: string, value: unknown): readonly unknown[] {
  present(field, value);
  if (!Array.isArray(value)) throw new InvalidOrderFieldError({ field, value, reason: "not an array" });
  return Array.from(value);
}

/** A non-empty string (chain slugs, the version). */
export function readString(field: string, value: unknown): string {
  present(field, value);
  if (typeof value !== "string") throw new InvalidOrderFieldError({ field, value, reason: "not a string" });
  if (value === "") throw new InvalidOrderFieldError({ field, value, reason: "empty" });
  return value;
}

export type UintForms = {
  /** Width in bits: 256 or 32. */
  bits: 256 | 32;
  /** Also accept `0x` hex text (the salt). */
  hex?: boolean;
  /** Also accept a non-negative safe-integer JSON number (deadlines, `paymentDetails.amount`). */
  number?: boolean;
};

/**
 * An unsigned integer: a bigint, decimal digits in a string, and where `forms` allows it `0x` hex
 * text or a safe-integer number; it must fit in `forms.bits`.
 */
export function readUint(field: string, value: unknown, forms: UintForms): bigint {
  present(field, value);
  let result: bigint;
  if (typeof value === "bigint") result = value;
  else if (typeof value === "string" && /^[0-9]+$/.test(value)) result = BigInt(value);
  else if (forms.hex && typeof value === "string" && /^0x[0-9a-fA-F]+$/.test(value)) result = BigInt(value);
  else if (forms.number && typeof value === "number" && Number.isSafeInteger(value)) result = BigInt(value);
  else {
    const accepted = [
      "decimal digits in a string",
      forms.hex ? "0x hex" : "",
      forms.number ? "an integer" : "",
    ];
    throw new InvalidOrderFieldError({
      field,
      value,
      reason: `not ${accepted.filter(Boolean).join(" or ")}`,
    });
  }
  if (result < 0n) throw new InvalidOrderFieldError({ field, value, reason: "negative" });
  if (result >= 1n << BigInt(forms.bits))
    throw new InvalidOrderFieldError({ field, value, reason: `2^${forms.bits} or more` });
  return result;
}

/** Strict `0x` hex of whole bytes, either case, returned lowercase (`extraData`, `calls[i]`). */
export function readHexBytes(field: string, value: unknown): Hex {
  present(field, value);
  if (typeof value !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw new InvalidOrderFieldError({ field, value, reason: "not 0x-prefixed hex of whole bytes" });
  return value.toLowerCase() as Hex;
}

/** An order id: 32 bytes of 0x-prefixed hex, either case. Returned lowercase. */
export function readOrderId(field: string, value: unknown): Hex {
  present(field, value);
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(value))
    throw new InvalidOrderFieldError({ field, value, reason: "not 32 bytes of 0x hex" });
  return value.toLowerCase() as Hex;
}

/**
 * The solver (or relayer): an EIP-712 `address`, so `0x` and 40 hex digits; mixed case must be the
 * exact EIP-55 checksum. Returned lowercase.
 */
export function readEvmAddress(field: string, value: unknown): Hex {
  present(field, value);
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw new InvalidOrderFieldError({ field, value, reason: "not 0x followed by 40 hex digits" });
  const digits = value.slice(2);
  if (digits !== digits.toLowerCase() && digits !== digits.toUpperCase()) {
    if (checksumAddress(value.toLowerCase() as Hex) !== value)
      throw new InvalidOrderFieldError({ field, value, reason: "wrong EIP-55 checksum" });
  }
  return value.toLowerCase() as Hex;
}
