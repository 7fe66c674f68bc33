import { compareAddressField } from "./compareAddressField.js";
import { compareField } from "./compareField.js";
import type { SignedFields } from "./explainAttestations.js";
import type { DepositPart } from "./explainDeposit.js";
import type { Mismatch } from "./parts.js";

export type CompareDepositTermsParameters = {
  /** The deposit as decoded from the origin chain's events. */
  decoded: NonNullable<DepositPart["decoded"]>;
  /** The v1 attestation's fields, or null. */
  v1: SignedFields | null;
  /** The v2 attestation's fields, or null (compared only without v1). */
  v2: SignedFields | null;
  /** The order's input payment, or null when the order is not known. */
  payment: { currency: string; amount: string } | null | undefined;
};

/**
 * A decoded deposit's amount, currency and depositor against the attestation (v1, with its amount;
 * else v2, which signs none) and against the order's input payment.
 *
 * @param parameters - {@link CompareDepositTermsParameters}
 * @returns The mismatches, the attestation's first.
 * @example
 * const mismatches = compareDepositTerms({ decoded: deposit.decoded, v1, v2, payment: order?.payment })
 */
export function compareDepositTerms({ decoded, v1, v2, payment }: CompareDepositTermsParameters): Mismatch[] {
  const mismatches: Mismatch[] = [];
  const signed = v1 ?? v2;
  const version = v1 ? "v1" : "v2";
  if (v1)
    mismatches.push(
      ...compareField({
        field: "deposit amount",
        against: "attestation v1 originAmount",
        expected: String(v1.originAmount),
        actual: decoded.amount,
      }),
    );
  if (signed)
    mismatches.push(
      ...compareAddressField({
        field: "deposit currency",
        against: `attestation ${version} originCurrency`,
        expected: signed.originCurrency,
        actual: decoded.currency,
      }),
      ...compareAddressField({
        field: "depositor",
        against: `attestation ${version} originUser`,
        expected: signed.originUser,
        actual: decoded.depositor,
      }),
    );
  if (payment)
    mismatches.push(
      ...compareField({
        field: "deposit amount",
        against: "order input payment amount",
        expected: payment.amount,
        actual: decoded.amount,
      }),
      ...compareAddressField({
        field: "deposit currency",
        against: "order input payment currency",
        expected: payment.currency,
        actual: decoded.currency,
      }),
    );
  return mismatches;
}
