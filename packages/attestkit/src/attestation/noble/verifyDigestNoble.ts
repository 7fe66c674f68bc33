import { defaultSolvers } from "../constants.js";
import { type InvalidAddressErrorType, InvalidSignatureError } from "../errors.js";
import type { VerifyAttestationResult } from "../types.js";
import { bytesToHex } from "./bytesToHex.js";
import { parseEvmAddress } from "./parseEvmAddress.js";
import { type RecoverSignerNobleErrorType, recoverSignerNoble } from "./recoverSignerNoble.js";

export type VerifyDigestNobleParameters = {
  /** The 32-byte EIP-191 digest of the attestation hash (see `personalDigest`). */
  digest: Uint8Array;
  /** The 65-byte `r || s || v` signature as 0x-prefixed hex. */
  signature: unknown;
  /** Allowed signers, compared case-insensitively. Defaults to the live solver. */
  solvers?: readonly string[] | undefined;
};

export type VerifyDigestNobleReturnType = Pick<VerifyAttestationResult, "valid" | "signer" | "reason">;

export type VerifyDigestNobleErrorType = InvalidAddressErrorType | RecoverSignerNobleErrorType;

/**
 * Checks a signature over an already computed digest against the allowed solvers: the fast path
 * for bulk checks, and the last step of {@link verifyAttestationNoble}. Malformed input throws;
 * a well-formed signature that breaks a rule, or a signer not allowed, is a verdict.
 *
 * @param parameters - {@link VerifyDigestNobleParameters}
 * @returns `{ valid, signer, reason? }`. {@link VerifyDigestNobleReturnType}
 * @throws InvalidAddressError for a bad solver (field `solvers[i]`), MissingFieldError,
 * InvalidSignatureHexError or InvalidSignatureLengthError for a malformed signature.
 * @example
 * verifyDigestNoble({ digest, signature, solvers: ["0xf70da97812cb96acdf810712aa562db8dfa3dbef"] })
 * // { valid: true, signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF" }
 */
export function verifyDigestNoble({
  digest,
  signature,
  solvers = defaultSolvers,
}: VerifyDigestNobleParameters): VerifyDigestNobleReturnType {
  const allowed = new Set<string>(
    solvers.map((value, i) => bytesToHex(parseEvmAddress({ value, field: `solvers[${i}]` }))),
  );
  let signer: `0x${string}`;
  try {
    signer = recoverSignerNoble({ digest, signature });
  } catch (error) {
    if (error instanceof InvalidSignatureError) return { valid: false, signer: null, reason: error.reason };
    throw error;
  }
  if (!allowed.has(signer.toLowerCase())) return { valid: false, signer, reason: "signer-not-allowed" };
  return { valid: true, signer };
}
