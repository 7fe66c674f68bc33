import type { AuditEntryResult } from "./types.js";

/**
 * The verdicts of a run that measures the pipeline alone (`pipelineOnly`, for benchmarks): every
 * entry valid, with no signer and empty hashes; nothing is looked at. Never for an audit.
 *
 * @param attestations - The batch's entries, any values.
 * @returns One verdict per entry. Never throws.
 * @example
 * pipelineOnlyResults([{}, 1]) // [{ valid: true, signer: null, hash: "0x", digest: "0x" }, ...]
 */
export function pipelineOnlyResults(attestations: readonly unknown[]): AuditEntryResult[] {
  return attestations.map((): AuditEntryResult => ({ valid: true, signer: null, hash: "0x", digest: "0x" }));
}
