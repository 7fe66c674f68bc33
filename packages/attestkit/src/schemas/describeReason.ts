import { failReasons, refundFailReasons } from "./failReasons.js";

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
 * Says a status's `failReason` and `refundFailReason` in words, from the shared vocabulary
 * (`failReasons`, `refundFailReasons` of `attestkit/schemas`: every code the official SDK's API
 * types list); an unlisted code is named as such rather than guessed at.
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
  let failReasonText = fail === null ? null : sentence(failReasons, fail);
  if (fail === null && status === "failure") failReasonText = "The fill failed; the service gave no reason.";
  return {
    failReason: fail,
    failReasonText,
    refundFailReason: refund,
    refundFailReasonText: refund === null ? null : sentence(refundFailReasons, refund),
  };
}
