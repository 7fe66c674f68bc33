import { defaultSolvers } from "../attestation/constants.js";
import type { InvalidAddressError } from "../attestation/errors.js";
import { bytesToHex } from "../attestation/noble/bytesToHex.js";
import { parseEvmAddress } from "../attestation/noble/parseEvmAddress.js";
import { personalPrefix } from "../attestation/noble/personalDigest.js";
import type { BatchVerifierState } from "./batchVerifierState.js";
import { createAuditSignerRecovery } from "./createAuditSignerRecovery.js";
import type { NativeSecp256k1UnavailableError } from "./errors.js";
import { createEntryEncoder, encodedEntryBytes } from "./internal/encodeEntryInto.js";
import { pipelineOnlyResults } from "./pipelineOnlyResults.js";
import type { AuditConfig, AuditEntryResult } from "./types.js";
import { verifyAuditEntries } from "./verifyAuditEntries.js";

export type CreateBatchVerifierParameters = AuditConfig;

/**
 * Verifies entries in order; never throws: a malformed entry comes back described. With
 * `hashes: false` the verdicts leave out `encoded`, `hash` and `digest`, for callers that only
 * count (they cost time to write out). With `signers: false` a signature whose signer is not
 * allowed may come back with `signer: null` (its reason says `signer-not-allowed`): the noble
 * engine then need not recover it in full.
 */
export type BatchVerifier = (
  attestations: readonly unknown[],
  options?: { hashes?: boolean | undefined; signers?: boolean | undefined },
) => AuditEntryResult[];

export type CreateBatchVerifierErrorType = InvalidAddressError | NativeSecp256k1UnavailableError;

/**
 * Builds the verifier of a bulk audit, which takes entries a batch at a time. Fields, encoding,
 * hashing and the signature rules run through the very functions of `verifyAttestationNoble`, so
 * an entry it throws on is reported with the same error; only signer recovery is replaced by the
 * chosen engine, and it sees the batch's signatures together (the noble engine confirms a
 * solver's signatures in one pass).
 *
 * @param parameters - {@link CreateBatchVerifierParameters}
 * @returns The verifier. {@link BatchVerifier}
 * @throws InvalidAddressError for a bad solver (field `solvers[i]`), checked once here rather than
 * per entry; NativeSecp256k1UnavailableError for engine `native` without the binding.
 * @example
 * const verify = createBatchVerifier({ solvers: [solver], engine: "noble" })
 * verify([{ requestId, requestData, signature }]) // [{ valid: true, signer, encoded, hash, digest }]
 */
export function createBatchVerifier({
  solvers = defaultSolvers,
  version,
  vmTypes,
  engine,
  includeEncoded = true,
  batch = true,
  pipelineOnly = false,
}: CreateBatchVerifierParameters): BatchVerifier {
  const allowed = new Set<string>(
    solvers.map((value, i) => bytesToHex(parseEvmAddress({ value, field: `solvers[${i}]` }))),
  );
  // Nothing is looked at: what is left to measure is everything around verification.
  if (pipelineOnly) return pipelineOnlyResults;
  const recover = createAuditSignerRecovery({ engine, batch, allowed });
  // The EIP-191 message: its prefix, then each entry's hash.
  const message = new Uint8Array(personalPrefix.length + 32);
  message.set(personalPrefix);
  const state: BatchVerifierState = {
    allowed,
    recover,
    encodeCommon: createEntryEncoder({ version, vmTypes }),
    scratch: new Uint8Array(encodedEntryBytes),
    message,
    version,
    vmTypes,
    includeEncoded,
  };
  return (attestations, options) => verifyAuditEntries(state, attestations, options);
}
