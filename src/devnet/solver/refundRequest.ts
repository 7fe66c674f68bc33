import type { Hex } from "viem";
import { RefundRevertedError } from "../errors.js";
import type { RequestPatch } from "../state/createRequestStore.js";
import { payBack } from "./payBack.js";
import { planRefund } from "./planRefund.js";
import type { SolverContext } from "./solverContext.js";

/** Moves the request to `failure` (unless it is there already). */
const fail = ({ store, current }: SolverContext, requestId: Hex, patch: RequestPatch) => {
  if (current(requestId).status !== "failure") store.transition(requestId, "failure", patch);
};

/**
 * Refunds the request's whole deposit as `planRefund` plans it, on the deposit's chain (`payBack`):
 * `refund` once mined (on Bitcoin and the exchange: once sent; the payment in `details.refund`), else it stays in `failure` with the reason and a `refundFailReason`
 * (`AMOUNT_TOO_LOW_TO_REFUND` when nothing can be sent back, `UNKNOWN` when the payment failed).
 * Never throws.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request whose deposit goes back.
 * @param failReason - Why the request was not filled.
 * @example
 * await refundRequest(context, requestId, "TTL_EXPIRED")
 */
export async function refundRequest(
  context: SolverContext,
  requestId: Hex,
  failReason: string,
): Promise<void> {
  const { store, current, log } = context;
  const plan = planRefund(current(requestId));
  if (plan.type === "impossible") {
    fail(context, requestId, { failReason });
    store.update(requestId, { refundFailReason: plan.refundFailReason });
    return;
  }
  try {
    const { hash, success } = await payBack(context, { ...plan, requestId });
    if (!success) throw new RefundRevertedError({ requestId, hash, chainId: plan.chainId });
    const request = current(requestId);
    store.transition(requestId, "refund", {
      failReason,
      txHashes: [...request.txHashes, hash],
      details: {
        ...request.details,
        refund: {
          chainId: plan.chainId,
          txHash: hash,
          currency: plan.currency,
          amount: plan.amount.toString(),
          recipient: plan.to,
        },
      },
    });
  } catch (error) {
    log(`refund of ${requestId} failed: ${error instanceof Error ? error.message : String(error)}`);
    fail(context, requestId, { failReason });
    store.update(requestId, { refundFailReason: "UNKNOWN" });
  }
}
