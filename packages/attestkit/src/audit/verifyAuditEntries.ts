import { assignAuditVerdicts } from "./assignAuditVerdicts.js";
import type { AuditEntryBatch, BatchVerifierState } from "./batchVerifierState.js";
import { readAuditEntry } from "./readAuditEntry.js";
import type { AuditEntryResult } from "./types.js";

/**
 * Verifies a batch of entries in order: each read up to its signer (`readAuditEntry`), the
 * signatures that passed the rules recovered together by the engine, then the verdicts
 * (`assignAuditVerdicts`). What a `BatchVerifier` does.
 *
 * @param state - The verifier's state. {@link BatchVerifierState}
 * @param attestations - The entries, any values.
 * @param options - `hashes: false` leaves the hashes out of the verdicts; `signers: false` lets
 * the engine leave a signer that is not allowed unworked.
 * @returns One result per entry, in order. Never throws: a malformed entry comes back described.
 * @example
 * verifyAuditEntries(state, [{ requestId, requestData, signature }]) // [{ valid: true, ... }]
 */
export function verifyAuditEntries(
  state: BatchVerifierState,
  attestations: readonly unknown[],
  {
    hashes: withHashes = true,
    signers: withSigners = true,
  }: { hashes?: boolean | undefined; signers?: boolean | undefined } = {},
): AuditEntryResult[] {
  const batch: AuditEntryBatch = {
    results: new Array<AuditEntryResult>(attestations.length),
    waiting: [],
    inputs: [],
  };
  for (let index = 0; index < attestations.length; index++)
    readAuditEntry(state, batch, attestations[index], index, withHashes);
  const signers = batch.inputs.length === 0 ? [] : state.recover(batch.inputs, { signers: withSigners });
  assignAuditVerdicts(state.allowed, signers, batch);
  return batch.results;
}
