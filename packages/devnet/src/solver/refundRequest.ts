import type { Hex } from "viem";
import { RefundRevertedError } from "../errors.js";
import { payBack } from "./payBack.js";
import { planRefund } from "./planRefund.js";
import { recordRefund } from "./recordRefund.js";
import { recordRefundFailure } from "./recordRefundFailure.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Refunds the request's whole deposit as `planRefund` plans it, on the deposit's chain (`payBack`,
 * which writes the refund down with the request before it goes out): `refund` once mined (on
 * Bitcoin and the exchange: once sent; the payment in `details.refund`, `recordRefund`), else it
 * stays in `failure` with the reason and a `refundFailReason` (`AMOUNT_TOO_LOW_TO_REFUND` when
 * nothing can be sent back, `UNKNOWN` when the payment failed). A wait cut by the devnet's stop
 * records nothing: the next start reads the refund's fate from the chain. Never throws.
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
  const { current, log } = context;
  const plan = planRefund(current(requestId), failReason);
  if (plan.type === "impossible")
    return recordRefundFailure(context, requestId, { failReason, refundFailReason: plan.refundFailReason });
  try {
    const { hash, success, amount } = await payBack(context, {
      ...plan,
      requestId,
      purpose: "refund",
      failReason,
    });
    if (!success) throw new RefundRevertedError({ requestId, hash, chainId: plan.chainId });
    recordRefund(context, requestId, { txHash: hash, failReason, amount });
  } catch (error) {
    log(`refund of ${requestId} failed: ${error instanceof Error ? error.message : String(error)}`);
    // The devnet is stopping: what became of the refund is for the next start to read from the chain.
    if (error instanceof Error && error.name === "AbortError") return;
    recordRefundFailure(context, requestId, { failReason, refundFailReason: "UNKNOWN" });
  }
}
