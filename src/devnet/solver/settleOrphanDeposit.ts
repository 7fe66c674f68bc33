import type { Hex } from "viem";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { Deposit } from "../state/types.js";
import type { DepositDecision } from "./decideDeposit.js";
import { refundRequest } from "./refundRequest.js";
import type { SolverContext } from "./solverContext.js";

/**
 * A deposit no open quote can take (`decideDeposit`'s `orphan`): a request of its own, on the
 * deposit's chain, refunded to the decided address. A second deposit for a quote is linked from the
 * original request (`details.duplicateDeposits`, no status change). A deposit already recorded (the
 * same request id) is not refunded twice.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param deposit - The deposit.
 * @param decision - `decideDeposit`'s answer for it.
 * @example
 * if (decision.type === "orphan") await settleOrphanDeposit(context, deposit, decision)
 */
export async function settleOrphanDeposit(
  context: SolverContext,
  deposit: Deposit,
  decision: Extract<DepositDecision, { type: "orphan" }>,
): Promise<void> {
  const { store, current, addDetails, now } = context;
  const original = decision.original?.request;
  if (original && decision.original?.linkDuplicate) {
    // The original request links to the refund of the second deposit (no status change, no event).
    const duplicates = (current(original.requestId).details?.duplicateDeposits as Hex[] | undefined) ?? [];
    addDetails(original.requestId, { duplicateDeposits: [...duplicates, decision.requestId] });
  }
  const created = store.create(
    createDevnetRequest({
      requestId: decision.requestId,
      status: "pending",
      apiKey: original?.apiKey,
      referrer: original?.referrer ?? null,
      originChainId: deposit.chainId,
      destinationChainId: deposit.chainId,
      user: deposit.from,
      recipient: deposit.from,
      refundTo: decision.refundTo,
      originCurrency: deposit.currency,
      destinationCurrency: deposit.currency,
      amountIn: deposit.amount,
      amountOut: 0n,
      createdAt: now(),
      details: decision.details,
      deposit,
    }),
  );
  if (created) await refundRequest(context, decision.requestId, decision.failReason);
}
