import { type Hex, numberToHex } from "viem";
import { secp256k1HalfN, secp256k1N } from "./constants.js";
import {
  InvalidSignatureError,
  type InvalidSignatureErrorType,
  InvalidSignatureHexError,
  type InvalidSignatureHexErrorType,
  InvalidSignatureLengthError,
  type InvalidSignatureLengthErrorType,
  MissingFieldError,
  type MissingFieldErrorType,
} from "./errors.js";

export type ParseAttestationSignatureParameters = {
  /** The signature as returned by the signature endpoint. */
  signature: unknown;
};

export type ParseAttestationSignatureReturnType = {
  r: Hex;
  s: Hex;
  /** Normalised to 27 or 28. */
  v: 27n | 28n;
  yParity: 0 | 1;
};

export type ParseAttestationSignatureErrorType =
  | MissingFieldErrorType
  | InvalidSignatureHexErrorType
  | InvalidSignatureLengthErrorType
  | InvalidSignatureErrorType;

/**
 * Splits a signature into `r`, `s`, `v` and enforces the rules every attestkit verifier shares,
 * in this order: exactly 65 bytes (`r || s || v`; 64-byte compact signatures are refused);
 * `v` in {27, 28} or {0, 1}; `0 < r < n`; `s != 0`; `s <= n/2` (no malleable twins). The Solidity
 * library `AttestationLib` enforces the same rules in the same order.
 *
 * @param parameters - {@link ParseAttestationSignatureParameters}
 * @returns The parts. {@link ParseAttestationSignatureReturnType}
 * @example
 * parseAttestationSignature({ signature: "0x…1b" }) // { r, s, v: 27n, yParity: 0 }
 */
export function parseAttestationSignature({
  signature,
}: ParseAttestationSignatureParameters): ParseAttestationSignatureReturnType {
  if (signature === undefined || signature === null) throw new MissingFieldError({ field: "signature" });
  if (typeof signature !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(signature))
    throw new InvalidSignatureHexError({ value: signature });
  const length = (signature.length - 2) / 2;
  if (length !== 65) throw new InvalidSignatureLengthError({ length });

  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const rawV = Number.parseInt(signature.slice(130, 132), 16);
  const v = rawV < 27 ? rawV + 27 : rawV;
  if (v !== 27 && v !== 28) throw new InvalidSignatureError({ reason: "invalid-v", value: rawV });
  if (r === 0n || r >= secp256k1N)
    throw new InvalidSignatureError({ reason: "invalid-r", value: numberToHex(r, { size: 32 }) });
  if (s === 0n) throw new InvalidSignatureError({ reason: "invalid-s", value: numberToHex(s, { size: 32 }) });
  if (s > secp256k1HalfN)
    throw new InvalidSignatureError({ reason: "high-s", value: numberToHex(s, { size: 32 }) });
  return {
    r: numberToHex(r, { size: 32 }),
    s: numberToHex(s, { size: 32 }),
    v: v === 27 ? 27n : 28n,
    yParity: v === 27 ? 0 : 1,
  };
}
