import { keccak_256 } from "@noble/hashes/sha3.js";
import { defaultSolvers } from "../attestation/constants.js";
import { bytesToHex } from "../attestation/noble/bytesToHex.js";
import { encodeAttestationNoble } from "../attestation/noble/encodeAttestationNoble.js";
import { parseEvmAddress } from "../attestation/noble/parseEvmAddress.js";
import { parseSignatureNoble } from "../attestation/noble/parseSignatureNoble.js";
import { personalDigest } from "../attestation/noble/personalDigest.js";
import { type InvalidAddressError, InvalidSignatureError } from "../errors/attestation.js";
import { createNativeRecovery } from "./createNativeRecovery.js";
import { createNobleRecovery } from "./createNobleRecovery.js";
import { describeAuditError } from "./describeAuditError.js";
import { InvalidAuditEntryError, NativeSecp256k1UnavailableError } from "./errors.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";
import type {
  AuditAttestation,
  AuditConfig,
  AuditEntryResult,
  AuditVerdict,
  SignerRecovery,
} from "./types.js";

export type CreateEntryVerifierParameters = AuditConfig;

/** Verifies one entry; never throws: a malformed entry comes back described. */
export type EntryVerifier = (attestation: AuditAttestation) => AuditEntryResult;

export type CreateEntryVerifierErrorType = InvalidAddressError | NativeSecp256k1UnavailableError;

/**
 * Builds the per-entry verifier of a bulk audit. Fields, encoding, hashing and the signature
 * rules run through the very functions of `verifyAttestationNoble`, so an entry it throws on is
 * reported with the same error; only signer recovery is replaced by the chosen engine.
 *
 * @param parameters - {@link CreateEntryVerifierParameters}
 * @returns The verifier. {@link EntryVerifier}
 * @throws InvalidAddressError for a bad solver (field `solvers[i]`), checked once here rather than
 * per entry; NativeSecp256k1UnavailableError for engine `native` without the binding.
 * @example
 * const verify = createEntryVerifier({ solvers: [solver], engine: "noble" })
 * verify({ requestId, requestData, signature }) // { valid: true, signer, encoded, hash, digest }
 */
export function createEntryVerifier({
  solvers = defaultSolvers,
  version,
  vmTypes,
  engine,
  includeEncoded = true,
}: CreateEntryVerifierParameters): EntryVerifier {
  const allowed = new Set<string>(
    solvers.map((value, i) => bytesToHex(parseEvmAddress({ value, field: `solvers[${i}]` }))),
  );
  let recover: SignerRecovery;
  if (engine === "native") {
    const native = loadNativeSecp256k1();
    if (!native.binding) throw new NativeSecp256k1UnavailableError({ cause: native.error });
    recover = createNativeRecovery({ binding: native.binding });
  } else recover = createNobleRecovery({ allowed });

  return (attestation) => {
    try {
      if (typeof attestation !== "object" || attestation === null || Array.isArray(attestation))
        throw new InvalidAuditEntryError({ value: attestation });
      const { requestId, requestData, signature } = attestation;
      const { encoded } = encodeAttestationNoble({
        requestId,
        requestData: requestData as Readonly<Record<string, unknown>>,
        version,
        vmTypes,
      });
      const hash = keccak_256(encoded);
      const digest = personalDigest(hash);
      const verdict = verdictOf(digest, signature);
      const hex = { hash: bytesToHex(hash), digest: bytesToHex(digest) };
      return includeEncoded ? { ...verdict, encoded: bytesToHex(encoded), ...hex } : { ...verdict, ...hex };
    } catch (error) {
      return { valid: false, signer: null, error: describeAuditError(error) };
    }
  };

  function verdictOf(
    digest: Uint8Array,
    signature: unknown,
  ): Pick<AuditVerdict, "valid" | "signer" | "reason"> {
    let parsed: ReturnType<typeof parseSignatureNoble>;
    try {
      parsed = parseSignatureNoble(signature);
    } catch (error) {
      if (error instanceof InvalidSignatureError) return { valid: false, signer: null, reason: error.reason };
      throw error;
    }
    // parseSignatureNoble accepted it, so it is 65 bytes of strict hex.
    const signer = recover({ digest, signature: signature as string, ...parsed });
    if (signer === null) return { valid: false, signer: null, reason: "unrecoverable" };
    if (!allowed.has(signer.toLowerCase())) return { valid: false, signer, reason: "signer-not-allowed" };
    return { valid: true, signer };
  }
}
