/** What each `failReason` the service is known to send means, in a sentence. */
const failReasonSentences: Readonly<Record<string, string>> = {
  DEPOSITED_AMOUNT_TOO_LOW_TO_FILL:
    "The deposit was smaller than the quote asked for (or in another currency), so the solver did not fill and refunded it.",
  TTL_EXPIRED:
    "The deposit arrived after the quote's deadline (its ttl), so it was refunded instead of filled.",
  DOUBLE_SPEND:
    "A deposit had already paid this request (under its request id or its order id); this later deposit was refunded.",
  DEPOSIT_REORGED: "The deposit transaction was dropped by a reorganisation of the origin chain.",
  SOLVER_CAPACITY_EXCEEDED: "The solver had not enough liquidity on the destination chain to fill it.",
  SLIPPAGE:
    "The price moved beyond the slippage tolerance before the fill, so the output would have been too low.",
  ORDER_EXPIRED: "The order's deadline passed before it could be filled.",
  INVALID_SIGNATURE: "A signature the request needed (permit or order) did not verify.",
  EXECUTION_REVERTED:
    "A destination call of the request reverted (it gave a revert reason), so the fill was not made and the deposit was refunded.",
  MISSING_REVERT_DATA:
    "A destination call of the request reverted without a reason that could be decoded, so the fill was not made and the deposit was refunded.",
  TRANSACTION_REVERTED: "A fill transaction reverted on the destination chain, so the deposit was refunded.",
  QUOTED_GAS_LIMIT_EXCEEDED:
    "The destination calls needed more gas than the quote's limit (txsGasLimit), so the fill was not made and the deposit was refunded.",
  UNKNOWN:
    "The deposit named an id no quote knows (or came on another chain than the request's origin), so it was sent back to its depositor.",
};

/** What each `refundFailReason` the service is known to send means, in a sentence. */
const refundFailReasonSentences: Readonly<Record<string, string>> = {
  AMOUNT_TOO_LOW_TO_REFUND: "The deposit is too small to pay for its own refund, so nothing was sent back.",
  NEGATIVE_NEW_AMOUNT_AFTER_FEES: "After the refund's fees nothing would be left to send back.",
  SWAP_CURRENCY_NOT_ON_ORIGIN: "The currency to refund does not exist on the origin chain.",
  REFUND_RECIPIENT_IS_VASP:
    "The refund address belongs to a custodial service (VASP), which refunds are not sent to.",
};

export type DescribeReasonParameters = {
  /** `failReason` of the status (`N/A` or absent when there is none). */
  failReason?: string | null | undefined;
  /** `refundFailReason` of the status. */
  refundFailReason?: string | null | undefined;
  /** The request's status. */
  status?: string | undefined;
};

/** The reasons of a status and their sentences; null fields when the status has none. */
export type DescribeReasonReturnType = {
  failReason: string | null;
  failReasonText: string | null;
  refundFailReason: string | null;
  refundFailReasonText: string | null;
};

/**
 * Says a status's `failReason` and `refundFailReason` in words, from the reasons the live service
 * is known to send; an unlisted code is named as such rather than guessed at.
 *
 * @param parameters - {@link DescribeReasonParameters}
 * @returns The codes and their sentences. {@link DescribeReasonReturnType}
 * @example
 * describeReason({ failReason: "TTL_EXPIRED" }).failReasonText // "The deposit arrived after ..."
 */
export function describeReason({
  failReason,
  refundFailReason,
  status,
}: DescribeReasonParameters): DescribeReasonReturnType {
  const code = (value: string | null | undefined) => (value && value !== "N/A" ? value : null);
  const fail = code(failReason);
  const refund = code(refundFailReason);
  const sentence = (table: Readonly<Record<string, string>>, value: string) =>
    Object.hasOwn(table, value)
      ? (table[value] as string)
      : `The service gave the code ${value}, which attestkit does not know.`;
  let failReasonText = fail === null ? null : sentence(failReasonSentences, fail);
  if (fail === null && status === "failure") failReasonText = "The fill failed; the service gave no reason.";
  return {
    failReason: fail,
    failReasonText,
    refundFailReason: refund,
    refundFailReasonText: refund === null ? null : sentence(refundFailReasonSentences, refund),
  };
}
