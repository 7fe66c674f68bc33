import { compareAddressField } from "./compareAddressField.js";
import type { SignedFields } from "./explainAttestations.js";
import type { FillPart } from "./explainFills.js";
import type { Mismatch } from "./parts.js";

export type CheckFillsParameters = {
  /** The fill and refund transactions as read from the chains. */
  fills: readonly FillPart[];
  /** The v1 attestation's fields, or null. */
  v1: SignedFields | null;
  /** The v2 attestation's fields, or null. */
  v2: SignedFields | null;
  /** The order's minimum output (smallest unit), when the order is known. */
  minimumAmount: string | undefined;
};

/**
 * Each devnet fill the chains show, checked against what was signed and ordered: its recipient
 * against the v1 attestation's destination user, its token against the v2 attestation's
 * destination currency, and its amount against the order's minimum output.
 *
 * @param parameters - {@link CheckFillsParameters}
 * @returns The mismatches, fill by fill.
 * @example
 * const mismatches = checkFills({ fills, v1, v2, minimumAmount: order?.output?.minimumAmount })
 */
export function checkFills({ fills, v1, v2, minimumAmount }: CheckFillsParameters): Mismatch[] {
  const mismatches: Mismatch[] = [];
  for (const fill of fills)
    for (const event of fill.events.filter((e) => e.name === "DevnetFill")) {
      if (v1)
        mismatches.push(
          ...compareAddressField({
            field: "fill recipient",
            against: "attestation v1 destinationUser",
            expected: v1.destinationUser,
            actual: event.args.recipient,
          }),
        );
      if (v2)
        mismatches.push(
          ...compareAddressField({
            field: "fill currency",
            against: "attestation v2 destinationCurrency",
            expected: v2.destinationCurrency,
            actual: event.args.token,
          }),
        );
      if (minimumAmount !== undefined && BigInt(event.args.amount ?? "0") < BigInt(minimumAmount))
        mismatches.push({
          field: "fill amount",
          against: "order output minimumAmount",
          expected: `>= ${minimumAmount}`,
          actual: String(event.args.amount),
        });
    }
  return mismatches;
}
