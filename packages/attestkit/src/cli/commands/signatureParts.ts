import type { Hex } from "viem";

/** A 65-byte signature's parts as given: `r || s || v`. */
export type SignatureParts = {
  /** The whole signature, lower case. */
  signature: Hex;
  /** Bytes 0 to 31. */
  r: Hex;
  /** Bytes 32 to 63. */
  s: Hex;
  /** Byte 64 as given: 27 or 28 (0 and 1 read the same); any other value is not a valid `v`. */
  v: number;
  /** 0 for a `v` of 27 (or 0), 1 for 28 (or 1); null for any other `v`. */
  yParity: 0 | 1 | null;
};

/**
 * Splits a signature into `r`, `s` and `v` as given, for `verify` to show them: no rule is applied
 * here (a high `s` or a `v` of 29 is shown as it is, and the verdict says what is wrong with it).
 *
 * @param signature - The signature as the record carries it.
 * @returns The parts, or undefined when it is not 65 bytes of hex (the error names that).
 * @example
 * signatureParts("0x…1b") // { signature, r: "0x…", s: "0x…", v: 27, yParity: 0 }
 */
export function signatureParts(signature: unknown): SignatureParts | undefined {
  if (typeof signature !== "string" || !/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined;
  const hex = signature.toLowerCase() as Hex;
  const v = Number.parseInt(hex.slice(130, 132), 16);
  const yParity = v === 0 || v === 27 ? 0 : v === 1 || v === 28 ? 1 : null;
  return { signature: hex, r: `0x${hex.slice(2, 66)}`, s: `0x${hex.slice(66, 130)}`, v, yParity };
}
