import { compareAddressField } from "./compareAddressField.js";
import { compareDepositTerms, type DepositAdjustments } from "./compareDepositTerms.js";
import type { SignedFields } from "./explainAttestations.js";
import type { DepositPart } from "./explainDeposit.js";
import type { Mismatch } from "./parts.js";

export type CheckDepositParameters = {
  /** The deposit as read from the origin chain. */
  deposit: DepositPart;
  /** Every id the deposit may carry (see `collectDepositIds`). */
  ids: Set<string>;
  /** Whether the request's order is known (the devnet's record or `GET /requests/v3`). */
  orderKnown: boolean;
  /** The v1 attestation's fields, or null. */
  v1: SignedFields | null;
  /** The v2 attestation's fields, or null (compared only without v1). */
  v2: SignedFields | null;
  /** The order's input payment, or null when the order is not known. */
  payment: { currency: string; amount: string } | null | undefined;
  /** The status's deposit transactions. */
  inTxHashes: readonly string[] | null | undefined;
  /** What the service did to the deposit's amount (an excess refunded, a re-quote). */
  adjustments?: DepositAdjustments | undefined;
};

export type CheckDepositReturnType = {
  mismatches: Mismatch[];
  /** Said of the deposit instead of a mismatch, when what it would be checked against is not known. */
  note?: string;
};

/**
 * The deposit the chain shows, checked against what was signed and ordered: its id (one of the
 * request's), amount, currency and depositor against the attestation (v1, else v2) and the order's
 * input payment. A deposit transaction the chain does not have, or that holds no deposit event, is
 * a mismatch too.
 *
 * @param parameters - {@link CheckDepositParameters}
 * @returns The mismatches, and a note for the deposit when its id cannot be checked.
 * @example
 * const { mismatches, note } = checkDeposit({ deposit, ids, orderKnown: false, v1, v2, payment: null, inTxHashes })
 */
export function checkDeposit({
  deposit,
  ids,
  orderKnown,
  v1,
  v2,
  payment,
  inTxHashes,
  adjustments,
}: CheckDepositParameters): CheckDepositReturnType {
  const d = deposit.decoded;
  if (deposit.selfExecuted)
    return {
      mismatches: compareAddressField({
        field: "depositor",
        against: `attestation ${v1 ? "v1" : "v2"} originUser`,
        expected: (v1 ?? v2)?.originUser,
        actual: deposit.selfExecuted.from,
      }),
    };
  if (!d) {
    if (!deposit.fetched || !inTxHashes?.length) return { mismatches: [] };
    return {
      mismatches: [
        {
          field: "deposit",
          against: "status inTxHashes",
          expected: "a depository deposit event",
          actual: deposit.found
            ? "no deposit event in the transaction"
            : "the chain does not have the transaction",
        },
      ],
    };
  }
  const mismatches: Mismatch[] = [];
  let note: string | undefined;
  // With the order known, a deposit under neither id is a mismatch; without it (a service whose
  // request record is not read) it is most likely the order id, which only the order names.
  if (!ids.has(d.id.toLowerCase())) {
    if (orderKnown)
      mismatches.push({
        field: "deposit id",
        against: "request",
        expected: [...ids].join(" or "),
        actual: d.id,
      });
    else
      note = `the deposit's id ${d.id} is not the request id: an order id is not checked, the request's order is not read from this service`;
  }
  mismatches.push(...compareDepositTerms({ decoded: d, v1, v2, payment, adjustments }));
  return note === undefined ? { mismatches } : { mismatches, note };
}
