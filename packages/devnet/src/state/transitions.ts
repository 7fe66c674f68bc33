import type { RequestStatus } from "attestkit/schemas";

/** The statuses the devnet uses, of the schemas' request statuses. */
export type DevnetStatus = Extract<
  RequestStatus,
  "waiting" | "depositing" | "pending" | "submitted" | "success" | "failure" | "refund" | "fallback"
>;

/**
 * THE transition table of the devnet: every status change of a request is one row here, and
 * `transitionRequest` refuses (and logs) anything else. A request starts in `waiting` when it is
 * quoted, or in `pending` when a deposit arrives that no open quote can take (an unknown id, a
 * second deposit for an id, a deposit on the wrong chain).
 *
 * | from      | to        | trigger                                                                |
 * |-----------|-----------|------------------------------------------------------------------------|
 * | waiting   | pending   | the deposit event of the request id is indexed on the origin chain     |
 * | waiting   | depositing | a transfer to the request's deposit address is seen, before the sweep; or the execute API (`POST /execute/permits`) got the deposit's authorization on chain |
 * | waiting   | success   | a self-executed same-chain transaction (`POST /transactions/single`) was mined with status 1; or the relayer's call of a gasless execution (`POST /execute`) |
 * | waiting   | failure   | the relayer's call of a gasless execution (`POST /execute`) reverted on chain (final: nothing was deposited, nothing to refund) |
 * | depositing | pending  | the sweep's deposit event (under the order id) is indexed; or the permit's deposit |
 * | depositing | refund   | the execute API's deposit failed: the authorized tokens went back to the user |
 * | pending   | submitted | the solver sent the fill on the destination chain                      |
 * | pending   | failure   | the fill cannot be made: a `txs` call reverts in simulation, no liquidity |
 * | pending   | fallback  | a destination call reverts in simulation with `useFallbacks`: the plain output was paid |
 * | pending   | refund    | the deposit is refunded on the origin chain: amount too low, ttl expired, double spend, unknown id |
 * | submitted | success   | the fill transactions are mined with status 1                          |
 * | submitted | failure   | a fill transaction reverted on the destination chain                   |
 * | failure   | refund    | the refund of a failed request is mined on the origin chain            |
 *
 * `success` and `refund` are final. `failure` is final only when the refund itself fails
 * (`refundFailReason` then says why).
 */
export const transitions: Readonly<Record<DevnetStatus, readonly DevnetStatus[]>> = {
  waiting: ["pending", "depositing", "success", "failure"],
  depositing: ["pending", "refund"],
  pending: ["submitted", "failure", "refund", "fallback"],
  submitted: ["success", "failure"],
  failure: ["refund"],
  success: [],
  refund: [],
  fallback: [],
};

/** Statuses a request can be created in. */
export const initialStatuses: readonly DevnetStatus[] = ["waiting", "pending"];
