import { keccak_256 } from "@noble/hashes/sha3.js";
import type { Address, Hex } from "viem";
import { defaultSolvers } from "../attestation/constants.js";
import { type InvalidAddressError, InvalidSignatureError } from "../attestation/errors.js";
import { bytesToHex } from "../attestation/noble/bytesToHex.js";
import { encodeAttestationNoble } from "../attestation/noble/encodeAttestationNoble.js";
import { parseEvmAddress } from "../attestation/noble/parseEvmAddress.js";
import { personalPrefix } from "../attestation/noble/personalDigest.js";
import { createNativeRecovery } from "./createNativeRecovery.js";
import { createNobleRecovery } from "./createNobleRecovery.js";
import { describeAuditError } from "./describeAuditError.js";
import { InvalidAuditEntryError, NativeSecp256k1UnavailableError } from "./errors.js";
import { createEntryEncoder, encodedEntryBytes } from "./internal/encodeEntryInto.js";
import { readSignature } from "./internal/readSignature.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";
import type { AuditConfig, AuditEntryResult, BatchSignerRecovery, RecoveryInput } from "./types.js";

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

const hex = (bytes: Uint8Array): Hex =>
  `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;

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
  if (pipelineOnly)
    return (attestations) =>
      attestations.map((): AuditEntryResult => ({ valid: true, signer: null, hash: "0x", digest: "0x" }));
  let recover: BatchSignerRecovery;
  if (engine === "native") {
    const native = loadNativeSecp256k1();
    if (!native.binding) throw new NativeSecp256k1UnavailableError({ cause: native.error });
    const one = createNativeRecovery({ binding: native.binding });
    recover = (inputs) => inputs.map(one);
  } else {
    const noble = createNobleRecovery({ allowed });
    recover = batch ? noble.batch : (inputs) => inputs.map(noble);
  }

  const encodeCommon = createEntryEncoder({ version, vmTypes });
  // The common entry's tuple is written here (it is hashed at once); any other is encoded in full.
  const scratch = new Uint8Array(encodedEntryBytes);
  // The EIP-191 message: its prefix, then each entry's hash.
  const message = new Uint8Array(personalPrefix.length + 32);
  message.set(personalPrefix);
  return (attestations, { hashes: withHashes = true, signers: withSigners = true } = {}) => {
    const results = new Array<AuditEntryResult>(attestations.length);
    // Entries whose signature passed the rules wait here for their signer.
    const waiting: { index: number; hashes: { encoded?: Hex; hash: Hex; digest: Hex } }[] = [];
    const none = {} as { hash: Hex; digest: Hex };
    const inputs: RecoveryInput[] = [];
    for (let index = 0; index < attestations.length; index++) {
      const attestation = attestations[index];
      try {
        if (typeof attestation !== "object" || attestation === null || Array.isArray(attestation))
          throw new InvalidAuditEntryError({ value: attestation });
        const { requestId, requestData, signature } = attestation as Record<string, unknown>;
        const encoded = encodeCommon(requestId, requestData, scratch, 0)
          ? scratch
          : encodeAttestationNoble({
              requestId,
              requestData: requestData as Readonly<Record<string, unknown>>,
              version,
              vmTypes,
            }).encoded;
        const hash = keccak_256(encoded);
        // personalDigest(hash), without a fresh message each time.
        message.set(hash, personalPrefix.length);
        const digest = keccak_256(message);
        const hashes = !withHashes
          ? none
          : includeEncoded
            ? { encoded: hex(encoded), hash: hex(hash), digest: hex(digest) }
            : { hash: hex(hash), digest: hex(digest) };
        let parsed: ReturnType<typeof readSignature>;
        try {
          parsed = readSignature(signature);
        } catch (error) {
          if (!(error instanceof InvalidSignatureError)) throw error;
          results[index] = { valid: false, signer: null, reason: error.reason, ...hashes };
          continue;
        }
        waiting.push({ index, hashes });
        inputs.push({ digest, rs: parsed.rs, yParity: parsed.yParity });
      } catch (error) {
        results[index] = { valid: false, signer: null, error: describeAuditError(error) };
      }
    }
    const signers = inputs.length === 0 ? [] : recover(inputs, { signers: withSigners });
    // The same few signers recur (the same string, from the recovery's cache): checked once in a row.
    let lastSigner: Address | undefined;
    let lastAllowed = false;
    for (const [k, { index, hashes }] of waiting.entries()) {
      const signer = signers[k] as Address | null | false;
      if (signer === false) {
        results[index] = { valid: false, signer: null, reason: "signer-not-allowed", ...hashes };
        continue;
      }
      if (signer !== null && signer !== lastSigner) {
        lastSigner = signer;
        lastAllowed = allowed.has(signer.toLowerCase());
      }
      results[index] =
        signer === null
          ? { valid: false, signer: null, reason: "unrecoverable", ...hashes }
          : lastAllowed
            ? { valid: true, signer, ...hashes }
            : { valid: false, signer, reason: "signer-not-allowed", ...hashes };
    }
    return results;
  };
}
