// Test support: what the two reference verifiers say about each entry, in the audit's result shape.
import { verifyAttestationNoble } from "../../packages/attestkit/src/attestation/noble/verifyAttestationNoble.js";
import type { AttestationVersion } from "../../packages/attestkit/src/attestation/types.js";
import { verifyAttestation } from "../../packages/attestkit/src/attestation/verifyAttestation.js";
import { describeAuditError } from "../../packages/attestkit/src/audit/describeAuditError.js";
import type { AuditAttestation, AuditEntryResult } from "../../packages/attestkit/src/audit/types.js";

type Options = { solvers?: readonly string[]; version?: AttestationVersion };

const call = (attestation: AuditAttestation, { solvers, version }: Options) => ({
  ...(attestation as { requestId: unknown; requestData: Record<string, unknown>; signature: unknown }),
  ...(solvers ? { solvers } : {}),
  ...(version ? { version } : {}),
});

/** `verifyAttestationNoble`'s result for each entry, or the error it throws, described. */
export function nobleReference(
  attestations: readonly AuditAttestation[],
  options: Options = {},
): AuditEntryResult[] {
  return attestations.map((attestation) => {
    try {
      return verifyAttestationNoble(call(attestation, options));
    } catch (error) {
      return { valid: false, signer: null, error: describeAuditError(error) };
    }
  });
}

/**
 * `verifyAttestation`'s (the viem path's) result for each entry, or the error it throws, described
 * by name and field only: the two paths word some error details differently.
 */
export async function viemReference(
  attestations: readonly AuditAttestation[],
  options: Options = {},
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const attestation of attestations) {
    try {
      out.push(await verifyAttestation(call(attestation, options)));
    } catch (error) {
      out.push(withoutMessage({ valid: false, signer: null, error: describeAuditError(error) }));
    }
  }
  return out;
}

/** An audit result as `viemReference` reports it: errors by name and field only. */
export function withoutMessage(result: AuditEntryResult): unknown {
  if (!("error" in result)) return result;
  const { message: _, ...error } = result.error;
  return { ...result, error };
}
