import type { DepositDecision } from "../state/types.js";
import type { TakenPaymentDecision } from "./decidePayment.js";

/**
 * What of a taken payment's decision is kept with its request (`DevnetRequest.decision`): a fill with
 * its excess (and re-quoted amount), or a refund with its reason. A request born from a payment
 * (`orphan`) is refunded for its reason; its details are the request's own already.
 *
 * @param decision - `decidePayment`'s answer. {@link TakenPaymentDecision}
 * @returns The decision to keep. {@link DepositDecision}
 * @example
 * store.transition(requestId, "pending", { deposit, decision: toDepositDecision(decision) })
 */
export function toDepositDecision(decision: TakenPaymentDecision): DepositDecision {
  if (decision.type === "fill")
    return {
      type: "fill",
      excess: decision.excess,
      ...(decision.requote === undefined ? {} : { requote: decision.requote }),
    };
  if (decision.type === "orphan") return { type: "refund", failReason: decision.failReason };
  return {
    type: "refund",
    failReason: decision.failReason,
    ...(decision.details === undefined ? {} : { details: decision.details }),
  };
}
