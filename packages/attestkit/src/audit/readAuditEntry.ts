import { keccak_256 } from "@noble/hashes/sha3.js";
import type { Hex } from "viem";
import { InvalidSignatureError } from "../attestation/errors.js";
import { encodeAttestationNoble } from "../attestation/noble/encodeAttestationNoble.js";
import { personalPrefix } from "../attestation/noble/personalDigest.js";
import type { AuditEntryBatch, AuditEntryHashes, BatchVerifierState } from "./batchVerifierState.js";
import { describeAuditError } from "./describeAuditError.js";
import { InvalidAuditEntryError } from "./errors.js";
import { hexOfBytes } from "./hexOfBytes.js";
import { readSignature } from "./internal/readSignature.js";

// The hashes of a verdict made without them: spread, it adds nothing.
const none = {} as { hash: Hex; digest: Hex };

/**
 * Reads one entry of a batch as `verifyAttestationNoble` does, up to its signer: the tuple
 * encoded (the common entry written into `scratch`, any other encoded in full) and hashed
 * (keccak-256), the EIP-191 digest (keccak-256 of the prefix and the hash), then the signature
 * rules. A signature that passes waits in `batch` for its signer; a broken signature rule is a
 * verdict with its reason; a malformed entry is described.
 *
 * @param state - The verifier's state. {@link BatchVerifierState}
 * @param batch - Where the entry's result, or its signature, goes. {@link AuditEntryBatch}
 * @param attestation - The entry: `{ requestId, requestData, signature }`, any value.
 * @param index - Its index in the batch.
 * @param withHashes - Whether its verdict carries its hashes.
 * @returns Nothing. Never throws: what the encoder or the rules throw is the entry's result.
 * @example
 * readAuditEntry(state, batch, attestations[0], 0, true)
 */
export function readAuditEntry(
  state: BatchVerifierState,
  batch: AuditEntryBatch,
  attestation: unknown,
  index: number,
  withHashes: boolean,
): void {
  const { scratch, message, version, vmTypes } = state;
  try {
    if (typeof attestation !== "object" || attestation === null || Array.isArray(attestation))
      throw new InvalidAuditEntryError({ value: attestation });
    const { requestId, requestData, signature } = attestation as Record<string, unknown>;
    const encoded = state.encodeCommon(requestId, requestData, scratch, 0)
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
    const hashes: AuditEntryHashes = !withHashes
      ? none
      : state.includeEncoded
        ? { encoded: hexOfBytes(encoded), hash: hexOfBytes(hash), digest: hexOfBytes(digest) }
        : { hash: hexOfBytes(hash), digest: hexOfBytes(digest) };
    let parsed: ReturnType<typeof readSignature>;
    try {
      parsed = readSignature(signature);
    } catch (error) {
      if (!(error instanceof InvalidSignatureError)) throw error;
      batch.results[index] = { valid: false, signer: null, reason: error.reason, ...hashes };
      return;
    }
    batch.waiting.push({ index, hashes });
    batch.inputs.push({ digest, rs: parsed.rs, yParity: parsed.yParity });
  } catch (error) {
    batch.results[index] = { valid: false, signer: null, error: describeAuditError(error) };
  }
}
