import type { Hex } from "viem";

export type CollectDepositIdsParameters = {
  /** The request id, lower case. */
  requestId: Hex;
  /** The order id the devnet keeps for the request, if it is a devnet that knows it. */
  devnetOrderId?: string | null | undefined;
  /** The order id `GET /requests/v3` lists for it, if any. */
  v3OrderId?: unknown;
  /** The status details' `originalRequestId` (a second deposit's request), if any. */
  originalRequestId?: unknown;
};

/**
 * Every id a deposit of this request may carry, lower case: the request id, its order id (as the
 * devnet or `GET /requests/v3` names it), and for a request born from a second deposit (DOUBLE_SPEND)
 * the original's id, under which it was paid.
 *
 * @param parameters - {@link CollectDepositIdsParameters}
 * @returns The ids, the request id first.
 * @example
 * const ids = collectDepositIds({ requestId, v3OrderId: record?.protocol?.orderId })
 */
export function collectDepositIds({
  requestId,
  devnetOrderId,
  v3OrderId,
  originalRequestId,
}: CollectDepositIdsParameters): Set<string> {
  return new Set<string>([
    requestId,
    ...(devnetOrderId ? [devnetOrderId.toLowerCase()] : []),
    ...(typeof v3OrderId === "string" ? [v3OrderId.toLowerCase()] : []),
    ...(typeof originalRequestId === "string" ? [originalRequestId.toLowerCase()] : []),
  ]);
}
