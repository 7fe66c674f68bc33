import type { Hex } from "viem";
import { crashPoint } from "../crashPoint.js";
import { failAndRefund } from "./failAndRefund.js";
import { isExpiredUnfilled } from "./isExpiredUnfilled.js";
import { recordSent } from "./recordSent.js";
import { refundRequest } from "./refundRequest.js";
import type { ExternalChain, SolverContext } from "./solverContext.js";

/**
 * Pays a non-EVM destination (Bitcoin, the exchange) through its adapter's `payout`: `submitted` once
 * sent, `success` once final. A payout refused before sending (no liquidity) is a failure
 * `SOLVER_CAPACITY_EXCEEDED` and a refund; one that never becomes final is a failure `UNKNOWN` and a
 * refund; a request past its ttl is refunded without a payout.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The `pending` request to fill.
 * @param payout - The payout of its destination chain (`ExternalChain.payout`).
 * @example
 * await fillExternal(context, requestId, createBitcoinPayments({ chain, wallet, signal }).payout)
 */
export async function fillExternal(
  context: SolverContext,
  requestId: Hex,
  payout: ExternalChain["payout"],
): Promise<void> {
  const { store, current, log, now } = context;
  const request = current(requestId);
  if (isExpiredUnfilled({ request, now: now() })) return refundRequest(context, requestId, "TTL_EXPIRED");
  let sent: Awaited<ReturnType<ExternalChain["payout"]>>;
  // Written down first: a restart that finds no payout bound to the request sends it then.
  recordSent(context, requestId, { purpose: "fill", chainId: request.destinationChainId, index: 0 });
  try {
    sent = await payout(request);
  } catch (error) {
    log(`payout of ${requestId} refused: ${error instanceof Error ? error.message : String(error)}`);
    return failAndRefund(context, requestId, "SOLVER_CAPACITY_EXCEEDED");
  }
  crashPoint("payment-broadcast", "fill");
  store.transition(requestId, "submitted", { txHashes: [sent.txHash as Hex] });
  try {
    await context.park(sent.settled);
  } catch (error) {
    log(`payout of ${requestId} failed: ${error instanceof Error ? error.message : String(error)}`);
    return failAndRefund(context, requestId, "UNKNOWN");
  }
  store.transition(requestId, "success");
}
