import type { Hex } from "viem";
import type { RequestDetails } from "../state/types.js";
import { failAndRefund } from "./failAndRefund.js";
import { planFill } from "./planFill.js";
import type { SolverContext } from "./solverContext.js";

/**
 * The fallback route: the plain output to the recipient, without the destination calls (the native
 * value they would have carried goes to the recipient too); `fallback` once mined, with the reason in
 * `details.fallback`. A revert of the fallback itself is a failure and a refund.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The `pending` request whose destination calls revert.
 * @param details - The request's details with the simulated revert (`decideFill`'s `fallback`).
 * @example
 * if (decision.type === "fallback") await fillFallback(context, requestId, decision.details)
 */
export async function fillFallback(
  context: SolverContext,
  requestId: Hex,
  details: RequestDetails,
): Promise<void> {
  const { store, current, chainOf } = context;
  const request = current(requestId);
  const chain = chainOf(request.destinationChainId);
  const hashes: Hex[] = [];
  for (const call of planFill({
    request: { ...request, txs: [] },
    depository: chain.contracts.depository,
  })) {
    const hash = await chain.sender.send(call);
    hashes.push(hash);
    const receipt = await chain.sender.waitForReceipt(hash);
    if (receipt.status !== "success")
      return failAndRefund(context, requestId, "UNKNOWN", { ...details, fallbackRevert: { txHash: hash } });
  }
  store.transition(requestId, "fallback", {
    failReason: "UNKNOWN",
    txHashes: hashes,
    details: { ...details, fallback: { reason: "a destination call reverts", txHashes: hashes } },
  });
}
