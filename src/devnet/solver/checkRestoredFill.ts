import type { Hex } from "viem";
import { failAndRefund } from "./failAndRefund.js";
import { leaveRestoredRequest } from "./leaveRestoredRequest.js";
import { planFill } from "./planFill.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Ends a restored `submitted` fill on an EVM destination from the receipts of its transactions: all
 * mined and successful is `success`; one reverted is a failure and a refund (the revert in
 * `details.revert`). A fill cut between two transactions, or one whose transaction is not on the
 * chain, is left as it is and logged.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored `submitted` request.
 * @example
 * if (request.status === "submitted") return checkRestoredFill(context, requestId)
 */
export async function checkRestoredFill(context: SolverContext, requestId: Hex): Promise<void> {
  const request = context.current(requestId);
  const chain = context.chainOf(request.destinationChainId);
  const planned = planFill({ request, depository: chain.contracts.depository });
  if (request.txHashes.length !== planned.length)
    return leaveRestoredRequest(context, requestId, "its fill was cut between two transactions");
  for (const [index, hash] of request.txHashes.entries()) {
    const receipt = (await chain.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
      status: Hex;
    } | null;
    if (!receipt)
      return leaveRestoredRequest(context, requestId, `fill transaction ${hash} is not on the chain`);
    if (receipt.status !== "0x1")
      return failAndRefund(context, requestId, "UNKNOWN", {
        ...request.details,
        revert: { index, to: planned[index]?.to, txHash: hash },
      });
  }
  context.store.transition(requestId, "success");
}
