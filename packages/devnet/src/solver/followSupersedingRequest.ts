import type { Hex } from "viem";
import type { SolverContext } from "./solverContext.js";

/**
 * Ends a superseded request the way the request that superseded it ended (`supersedeRequest`), so a
 * client polling the old id is not left waiting: `success` (through `submitted`) or `fallback` with
 * the new request's fill hashes, `refund` or `failure` with its reasons and refund. Nothing happens
 * while the new request is not final.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The superseded request (`pending`).
 * @param ownerId - The request that superseded it.
 * @example
 * followSupersedingRequest(context, requestId, owner)
 */
export function followSupersedingRequest(
  { store, current }: Pick<SolverContext, "store" | "current">,
  requestId: Hex,
  ownerId: Hex,
): void {
  const owner = current(ownerId);
  const patch = {
    txHashes: owner.txHashes,
    failReason: owner.failReason,
    refundFailReason: owner.refundFailReason,
    details: {
      ...current(requestId).details,
      ...(owner.details?.refund ? { refund: owner.details.refund } : {}),
    },
  };
  if (owner.status === "success") {
    store.transition(requestId, "submitted", { txHashes: owner.txHashes });
    store.transition(requestId, "success", patch);
  } else if (owner.status === "fallback" || owner.status === "refund" || owner.status === "failure") {
    store.transition(requestId, owner.status, patch);
  }
}
