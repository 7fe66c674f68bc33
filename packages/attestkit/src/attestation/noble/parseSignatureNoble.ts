import { secp256k1HalfN, secp256k1N } from "../constants.js";
import {
  InvalidSignatureError,
  type InvalidSignatureErrorType,
  InvalidSignatureHexError,
  type InvalidSignatureHexErrorType,
  InvalidSignatureLengthError,
  type InvalidSignatureLengthErrorType,
  MissingFieldError,
  type MissingFieldErrorType,
} from "../errors.js";
import { bytesToHex } from "./bytesToHex.js";
import { hexToBytes } from "./hexToBytes.js";

export type ParseSignatureNobleReturnType = {
  /** The signature's `r`, in `1 .. n - 1`. */
  r: bigint;
  /** The signature's `s`, in `1 .. n / 2`. */
  s: bigint;
  /** 0 for `v` = 27 (or 0), 1 for `v` = 28 (or 1): the parity of the nonce point's y. */
  yParity: 0 | 1;
};

export type ParseSignatureNobleErrorType =
  | MissingFieldErrorType
  | InvalidSignatureHexErrorType
  | InvalidSignatureLengthErrorType
  | InvalidSignatureErrorType;

/**
 * Reads a 65-byte `r || s || v` signature and applies the signature rules in their fixed order:
 * length 65 (64-byte EIP-2098 compact is refused), `v` in {27, 28} or {0, 1}, `r` in `1 .. n - 1`,
 * `s` not zero, `s` at most `n / 2`.
 *
 * @param signature - The signature as 0x-prefixed hex.
 * @returns `r`, `s` and the y parity. {@link ParseSignatureNobleReturnType}
 * @throws MissingFieldError, InvalidSignatureHexError, InvalidSignatureLengthError{length}, or
 * InvalidSignatureError{reason} with reason `invalid-v`, `invalid-r`, `invalid-s` or `high-s`.
 * @example
 * parseSignatureNoble(`0x${r}${s}1b`) // { r, s, yParity: 0 }
 */
export function parseSignatureNoble(signature: unknown): ParseSignatureNobleReturnType {
  if (signature === undefined || signature === null) throw new MissingFieldError({ field: "signature" });
  const bytes = hexToBytes(signature);
  if (bytes === undefined) throw new InvalidSignatureHexError({ value: signature });
  if (bytes.length !== 65) throw new InvalidSignatureLengthError({ length: bytes.length });

  const v = bytes[64];
  const yParity = v === 27 || v === 0 ? 0 : v === 28 || v === 1 ? 1 : undefined;
  if (yParity === undefined) throw new InvalidSignatureError({ reason: "invalid-v", value: v });

  const rBytes = bytes.subarray(0, 32);
  const sBytes = bytes.subarray(32, 64);
  const r = BigInt(bytesToHex(rBytes));
  const s = BigInt(bytesToHex(sBytes));
  if (r === 0n || r >= secp256k1N)
    throw new InvalidSignatureError({ reason: "invalid-r", value: bytesToHex(rBytes) });
  if (s === 0n) throw new InvalidSignatureError({ reason: "invalid-s", value: bytesToHex(sBytes) });
  // Malleability: (r, n - s) with the other parity is also valid ECDSA; only the low twin is accepted.
  if (s > secp256k1HalfN) throw new InvalidSignatureError({ reason: "high-s", value: bytesToHex(sBytes) });
  return { r, s, yParity };
}
