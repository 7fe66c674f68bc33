import type { Mismatch, UnjudgedPart } from "./parts.js";
import type { ExplainOutcome, ExplainReport } from "./types.js";

export type JudgeReportParameters = Pick<ExplainReport, "attestation" | "order" | "deposit" | "fills"> & {
  /** Every disagreement found between the chains and what was signed or ordered. */
  mismatches: readonly Mismatch[];
};

export type JudgeReportReturnType = { outcome: ExplainOutcome; incomplete: UnjudgedPart[] };

/**
 * The verdict on a request from its parts. Inconsistent: a mismatch, an attestation the service
 * gave whose signature does not verify, or an order that does not verify. Else incomplete when a
 * part could not be judged (each listed). Else consistent.
 *
 * @param parameters - {@link JudgeReportParameters}
 * @returns The outcome and the parts not judged. {@link JudgeReportReturnType}
 * @example
 * const { outcome, incomplete } = judgeReport({ attestation, order, deposit, fills, mismatches })
 */
export function judgeReport({
  attestation,
  order,
  deposit,
  fills,
  mismatches,
}: JudgeReportParameters): JudgeReportReturnType {
  const incomplete = [
    attestation.v1.unjudged,
    attestation.v2.unjudged,
    deposit.unjudged,
    deposit.depositAddress?.unjudged,
    ...fills.map((fill) => fill.unjudged),
  ].filter((part): part is UnjudgedPart => part !== undefined);
  const badSignature = [attestation.v1, attestation.v2].some(
    (part) => part.available && !part.unjudged && !part.valid,
  );
  const badOrder = order !== null && !order.verification.valid;
  const outcome: ExplainOutcome =
    mismatches.length > 0 || badSignature || badOrder
      ? "inconsistent"
      : incomplete.length > 0
        ? "incomplete"
        : "consistent";
  return { outcome, incomplete };
}
