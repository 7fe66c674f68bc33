import type { Hex } from "viem";
import type { DepositDecision } from "../state/types.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Holds back the refund of an orphaned deposit (`ORPHANED_DEPOSIT_REFUND`: no request could claim
 * it) until the devnet's window has passed since the orphan was recorded (`createdAt` plus
 * `orphanRefundDelayMs`, the solver's clock): it stays `pending`, its coins owned by it, and the
 * solver is told when to come back (`holdOrphan`). Any other decision, or an orphan whose window
 * has passed, is not held.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request that took the payment.
 * @param decision - The decision kept with it. {@link DepositDecision}
 * @returns True when the refund waits.
 * @example
 * if (holdOrphanRefund(context, requestId, decision)) return
 */
export function holdOrphanRefund(context: SolverContext, requestId: Hex, decision: DepositDecision): boolean {
  if (decision.type !== "refund" || decision.failReason !== "ORPHANED_DEPOSIT_REFUND") return false;
  const dueAt = context.current(requestId).createdAt + context.orphanRefundDelayMs;
  if (context.now() >= dueAt) return false;
  context.holdOrphan(requestId, dueAt);
  return true;
}
