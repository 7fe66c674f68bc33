import type { Hex } from "viem";
import type { RequestPatch } from "../state/createRequestStore.js";
import type { DevnetStatus } from "../state/transitions.js";
import type { DevnetRequest } from "../state/types.js";

export type DecideRelayedOutcomeParameters = {
  /** The request as the store holds it when the relayer's call was mined. */
  request: Pick<DevnetRequest, "status" | "relayed" | "details">;
  /** The relayer's transaction. */
  txHash: Hex;
  /** Its receipt's status. */
  mined: "success" | "reverted";
  /** The call's target, named in `details.revert` when it reverted. */
  to: DevnetRequest["txs"][number]["to"];
};

/** What becomes of the request: a status change with its fields, fields only, or nothing. */
export type RelayedOutcome =
  | { type: "transition"; to: Extract<DevnetStatus, "success" | "failure">; patch: RequestPatch }
  | { type: "update"; patch: RequestPatch }
  | { type: "none" };

/**
 * Decides what a mined call of the relayer (`POST /execute`) does to its request, as a table:
 *
 * | the request | the call | outcome |
 * |-------------|----------|---------|
 * | born from the execution (`relayed`), `waiting` | status 1 | `success`, `inTxHashes` = `txHashes` = [the call] (it is what the execution delivered) |
 * | born from the execution, `waiting` | reverted | `failure`, `failReason` `TRANSACTION_REVERTED`, `details.revert` (final: nothing was deposited) |
 * | a quote's request (`requestId` given) | status 1 | none here: the deposit the call made is indexed as any other, and moves the request |
 * | a quote's request, still `waiting` | reverted | `details.revert` only: nothing moved, the request still waits for its deposit (as a reverted self-executed transaction) |
 * | anything else (already moved on) | either | none |
 *
 * @param parameters - {@link DecideRelayedOutcomeParameters}
 * @returns The outcome. {@link RelayedOutcome}
 * @example
 * decideRelayedOutcome({ request, txHash, mined: "success", to }) // { type: "transition", to: "success", ... }
 */
export function decideRelayedOutcome({
  request,
  txHash,
  mined,
  to,
}: DecideRelayedOutcomeParameters): RelayedOutcome {
  if (request.status !== "waiting") return { type: "none" };
  const revert = { index: 0, to, txHash };
  if (request.relayed === undefined)
    return mined === "success"
      ? { type: "none" }
      : {
          type: "update",
          patch: {
            details: { ...request.details, reason: "the relayed call reverted: nothing moved", revert },
          },
        };
  return mined === "success"
    ? { type: "transition", to: "success", patch: { inTxHashes: [txHash], txHashes: [txHash] } }
    : {
        type: "transition",
        to: "failure",
        patch: {
          inTxHashes: [txHash],
          failReason: "TRANSACTION_REVERTED",
          details: { ...request.details, reason: "the relayed call reverted", revert },
        },
      };
}
