import { type Address, isAddressEqual, keccak256 } from "viem";
import { type AttestationDigestErrorType, attestationDigest } from "./attestationDigest.js";
import { defaultSolvers } from "./constants.js";
import { type EncodeAttestationErrorType, encodeAttestation } from "./encodeAttestation.js";
import { InvalidAddressError, InvalidSignatureError } from "./errors.js";
import {
  type RecoverAttestationSignerErrorType,
  recoverAttestationSigner,
} from "./recoverAttestationSigner.js";
import type { ToAttestationWordsParameters } from "./toAttestationWords.js";
import { type ToBytes32ErrorType, toBytes32 } from "./toBytes32.js";
import type { VerifyAttestationResult } from "./types.js";

export type VerifyAttestationParameters = ToAttestationWordsParameters & {
  /** The 65-byte signature from the signature endpoint. */
  signature: unknown;
  /** Solvers whose signature is accepted; the live solver when omitted. */
  solvers?: readonly string[] | undefined;
};

export type VerifyAttestationReturnType = VerifyAttestationResult;

/**
 * Malformed input: a field, a solver address or a signature that cannot be read. A signature
 * that reads but does not verify is a verdict (`valid: false`), never one of these.
 */
export type VerifyAttestationErrorType =
  | EncodeAttestationErrorType
  | AttestationDigestErrorType
  | ToBytes32ErrorType
  | RecoverAttestationSignerErrorType;

/**
 * Checks that an attestation was signed by an allowed solver over exactly the given fields.
 * Malformed input (a bad field, a signature that is not 65 bytes of hex) throws a typed error that
 * names the field; a well-formed attestation that does not verify returns `valid: false` and a
 * `reason`.
 *
 * @param parameters - {@link VerifyAttestationParameters}
 * @returns The verdict with every intermediate value. {@link VerifyAttestationReturnType}
 * @throws The field's typed error (see {@link VerifyAttestationErrorType}).
 * @example
 * const { valid, signer } = await verifyAttestation({ requestId, requestData, signature })
 */
export async function verifyAttestation(
  parameters: VerifyAttestationParameters,
): Promise<VerifyAttestationReturnType> {
  const encoded = encodeAttestation(parameters);
  const hash = keccak256(encoded);
  const digest = attestationDigest({ hash });
  const solvers = checkSolvers(parameters.solvers ?? defaultSolvers);
  const base = { encoded, hash, digest };

  // Shape errors (hex, length) throw here; rule violations become a verdict.
  let signer: Address;
  try {
    signer = await recoverAttestationSigner({ hash, signature: parameters.signature });
  } catch (error) {
    if (error instanceof InvalidSignatureError)
      return { valid: false, signer: null, ...base, reason: error.reason };
    throw error;
  }
  if (!solvers.some((solver) => isAddressEqual(solver, signer)))
    return { valid: false, signer, ...base, reason: "signer-not-allowed" };
  return { valid: true, signer, ...base };
}

function checkSolvers(solvers: readonly string[]): Address[] {
  // Solvers follow the same strict EVM rule as request-data addresses (mixed case must be EIP-55).
  return solvers.map((solver, i) => {
    if (typeof solver !== "string")
      throw new InvalidAddressError({
        field: `solvers[${i}]`,
        value: solver,
        vmType: "evm",
        reason: "not a string",
      });
    toBytes32({ value: solver, chainId: 1n, field: `solvers[${i}]`, vmTypes: { 1: "evm" } });
    return solver as Address;
  });
}
