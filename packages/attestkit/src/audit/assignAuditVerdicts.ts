import type { Address } from "viem";
import type { AuditEntryBatch } from "./batchVerifierState.js";

/**
 * Turns the signers of a batch's waiting entries into verdicts (the rule of
 * `verifyAttestationNoble`): valid only when the signer is an allowed solver; `unrecoverable`
 * when no signer recovers; `signer-not-allowed` otherwise, with `signer: null` when the engine
 * left it unworked (`false`, verdicts only).
 *
 * @param allowed - Lowercase addresses of the allowed solvers.
 * @param signers - Per waiting entry, in order: its EIP-55 signer, null, or false.
 * @param batch - The batch: each waiting entry's result is written. {@link AuditEntryBatch}
 * @returns Nothing. Never throws.
 * @example
 * assignAuditVerdicts(allowed, recover(batch.inputs), batch)
 */
export function assignAuditVerdicts(
  allowed: ReadonlySet<string>,
  signers: readonly (Address | null | false)[],
  { results, waiting }: AuditEntryBatch,
): void {
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
}
