import { compareAddressField } from "./compareAddressField.js";
import { compareField } from "./compareField.js";
import type { SignedFields } from "./explainAttestations.js";
import type { DepositPart } from "./explainDeposit.js";
import type { Mismatch } from "./parts.js";

/**
 * What the service recorded doing to a deposit's amount, from the status's `details`:
 * - `excess`: the part of the deposit it refunded as too much (`details.excessRefund.amount`, a
 *   strict deposit address paid more than quoted), smallest unit;
 * - `requotedAmountIn`: the amount an open deposit address received and the request was quoted
 *   again for (`details.requote.amountIn`), smallest unit: the order's input amount is the first quote's.
 */
export type DepositAdjustments = { excess?: bigint; requotedAmountIn?: string };

export type CompareDepositTermsParameters = {
  /** The deposit as decoded from the origin chain's events. */
  decoded: NonNullable<DepositPart["decoded"]>;
  /** The v1 attestation's fields, or null. */
  v1: SignedFields | null;
  /** The v2 attestation's fields, or null (compared only without v1). */
  v2: SignedFields | null;
  /** The order's input payment, or null when the order is not known. */
  payment: { currency: string; amount: string } | null | undefined;
  adjustments?: DepositAdjustments | undefined;
};

/** An amount plus the excess the service refunded, as text. */
function withExcess(amount: unknown, excess: bigint | undefined): string {
  return excess ? (BigInt(String(amount)) + excess).toString() : String(amount);
}

/** The deposit against the order's input payment (or the amount it was quoted again for). */
function compareWithOrder(
  decoded: CompareDepositTermsParameters["decoded"],
  payment: { currency: string; amount: string },
  { excess, requotedAmountIn }: DepositAdjustments,
): Mismatch[] {
  return [
    ...compareField(
      requotedAmountIn === undefined
        ? {
            field: "deposit amount",
            against: excess
              ? "order input payment amount plus the excess refunded"
              : "order input payment amount",
            expected: withExcess(payment.amount, excess),
            actual: decoded.amount,
          }
        : {
            field: "deposit amount",
            against: "the re-quoted amountIn (details.requote)",
            expected: requotedAmountIn,
            actual: decoded.amount,
          },
    ),
    ...compareAddressField({
      field: "deposit currency",
      against: "order input payment currency",
      expected: payment.currency,
      actual: decoded.currency,
    }),
  ];
}

/**
 * A decoded deposit's amount, currency and depositor (the account the depository credits) against
 * the attestation (v1, with its amount; else v2, which signs none) and against the order's input
 * payment. An excess the service refunded counts on top of what was signed; an open deposit
 * address's re-quote replaces the order's amount.
 *
 * @param parameters - {@link CompareDepositTermsParameters}
 * @returns The mismatches, the attestation's first.
 * @example
 * const mismatches = compareDepositTerms({ decoded: deposit.decoded, v1, v2, payment: order?.payment })
 */
export function compareDepositTerms({
  decoded,
  v1,
  v2,
  payment,
  adjustments = {},
}: CompareDepositTermsParameters): Mismatch[] {
  const mismatches: Mismatch[] = [];
  const signed = v1 ?? v2;
  const version = v1 ? "v1" : "v2";
  const { excess } = adjustments;
  if (v1)
    mismatches.push(
      ...compareField({
        field: "deposit amount",
        against: excess
          ? "attestation v1 originAmount plus the excess refunded"
          : "attestation v1 originAmount",
        expected: withExcess(v1.originAmount, excess),
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
  if (payment) mismatches.push(...compareWithOrder(decoded, payment, adjustments));
  return mismatches;
}
