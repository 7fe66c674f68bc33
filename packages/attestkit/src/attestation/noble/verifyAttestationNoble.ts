import { keccak_256 } from "@noble/hashes/sha3.js";
import type { AttestationVersion, EncodingOptions, VerifyAttestationResult } from "../types.js";
import { bytesToHex } from "./bytesToHex.js";
import { type EncodeAttestationNobleErrorType, encodeAttestationNoble } from "./encodeAttestationNoble.js";
import { personalDigest } from "./personalDigest.js";
import { type VerifyDigestNobleErrorType, verifyDigestNoble } from "./verifyDigestNoble.js";

export type VerifyAttestationNobleParameters = EncodingOptions & {
  /** The request id, 32 bytes of hex. */
  requestId: unknown;
  /** `requestData` as the signature endpoint returns it. */
  requestData: Readonly<Record<string, unknown>>;
  /** The endpoint's `signature`: 65-byte `r || s || v` hex. */
  signature: unknown;
  /** Allowed signers, compared case-insensitively. Defaults to the live solver. */
  solvers?: readonly string[] | undefined;
  /** `v1` (`/signature`, the default) or `v2` (`/signature/v2`). */
  version?: AttestationVersion | undefined;
};

export type VerifyAttestationNobleReturnType = VerifyAttestationResult;

export type VerifyAttestationNobleErrorType = EncodeAttestationNobleErrorType | VerifyDigestNobleErrorType;

/**
 * Verifies an attestation using nothing but `@noble/curves` and `@noble/hashes`: fields checked
 * and ABI-encoded by hand, keccak256, EIP-191 prefix, signature rules, recovery, solver check.
 * Same parameters, result and errors as `verifyAttestation`, computed independently of it.
 *
 * @param parameters - {@link VerifyAttestationNobleParameters}
 * @returns `{ valid, signer, encoded, hash, digest, reason? }`. {@link VerifyAttestationNobleReturnType}
 * @throws A typed error naming the first malformed field, in tuple order, then solvers, then the
 * signature (see {@link VerifyAttestationNobleErrorType}).
 * @example
 * const { valid, signer } = verifyAttestationNoble({ requestId, requestData, signature })
 */
export function verifyAttestationNoble({
  requestId,
  requestData,
  signature,
  solvers,
  version,
  vmTypes,
  encoders,
}: VerifyAttestationNobleParameters): VerifyAttestationNobleReturnType {
  const { encoded } = encodeAttestationNoble({ requestId, requestData, version, vmTypes, encoders });
  const hash = keccak_256(encoded);
  const digest = personalDigest(hash);
  const verdict = verifyDigestNoble({ digest, signature, solvers });
  return { ...verdict, encoded: bytesToHex(encoded), hash: bytesToHex(hash), digest: bytesToHex(digest) };
}
