import type { StatusResponse } from "../schemas/index.js";
import type { FillPart } from "./explainFills.js";
import type { ExplainedMismatch, Mismatch } from "./parts.js";

/**
 * The fail reasons that say the deposit's own terms were wrong, and the fields each accounts for: a
 * request refunded or failed for one of these shows that field off on chain because the service
 * found it so, which is the service doing its job.
 */
const depositTermReasons: Readonly<Record<string, readonly string[]>> = {
  DEPOSITED_AMOUNT_TOO_LOW_TO_FILL: ["deposit amount"],
  NEGATIVE_NEW_AMOUNT_AFTER_FEES: ["deposit amount"],
  INCORRECT_DEPOSIT_CURRENCY: ["deposit currency"],
};

/** Final statuses in which the service sent the deposit back. */
const refunded = new Set(["refund", "refunded"]);

/**
 * Splits the mismatches into those the request's own end accounts for (a refund whose `failReason`
 * names that deposit term, `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL` for the amount, ..., and whose refund
 * transaction the origin chain shows succeeded) and the rest, which make the request inconsistent.
 *
 * @param parameters - The mismatches found and the status.
 * @returns The mismatches left, and those explained with the reason that explains them.
 * @example
 * const { mismatches, explained } = separateExplained({ mismatches: found, status, fills })
 */
export function separateExplained({
  mismatches,
  status,
  fills,
}: {
  mismatches: readonly Mismatch[];
  status: StatusResponse;
  /** The fill and refund transactions as read: the refund must be there. */
  fills: readonly FillPart[];
}): { mismatches: Mismatch[]; explained: ExplainedMismatch[] } {
  const reason = String(status.failReason ?? "");
  const refundSeen = fills.some((fill) => fill.kind === "refund" && fill.status === "success");
  const fields = refunded.has(String(status.status)) && refundSeen ? (depositTermReasons[reason] ?? []) : [];
  return {
    mismatches: mismatches.filter((m) => !fields.includes(m.field)),
    explained: mismatches.filter((m) => fields.includes(m.field)).map((m) => ({ ...m, by: reason })),
  };
}
