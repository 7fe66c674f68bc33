import type { Hex } from "viem";
import { crashPoint } from "../crashPoint.js";
import { FillInterruptedError } from "../errors.js";
import { failAndRefund } from "./failAndRefund.js";
import { planFill } from "./planFill.js";
import { recordFill } from "./recordFill.js";
import { recordSent } from "./recordSent.js";
import { revertDetails } from "./revertDetails.js";
import { revertFailReason } from "./revertFailReason.js";
import type { SolverContext } from "./solverContext.js";

export type SendFillParameters = {
  /**
   * `fill`: the request's transactions (`planFill`: the first carries the quote's EIP-7702
   * authorizations, as a type-4 transaction); `fallback`: the plain output without its calls.
   */
  route: "fill" | "fallback";
  /** The route's first transactions, already mined with status 1 (a fill a restart takes up). Default none. */
  mined?: readonly Hex[] | undefined;
};

/**
 * Sends the transactions of a request's fill (or its fallback route) after `mined`, one after the
 * other, each written down with the request before it is broadcast (`recordSent`): the fill is
 * `submitted` once its first is sent, and recorded once all are mined (`recordFill`). A transaction
 * that reverts is a failure and a refund (`details.revert`, or `details.fallbackRevert`); a send refused
 * before anything was mined is a failure and a refund; one refused after that throws
 * `FillInterruptedError` (money may have moved: nothing is refunded).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request (`pending`, or `submitted` when a restart takes up its fill).
 * @param parameters - {@link SendFillParameters}
 * @example
 * await sendFill(context, requestId, { route: "fill" })
 */
export async function sendFill(
  context: SolverContext,
  requestId: Hex,
  { route, mined = [] }: SendFillParameters,
): Promise<void> {
  const { store, current, chainOf } = context;
  const request = current(requestId);
  const chain = chainOf(request.destinationChainId);
  const calls = planFill({
    // The fallback is the plain output: without the calls, and without the authorizations they needed.
    request: route === "fill" ? request : { ...request, txs: [], authorizationList: undefined },
    depository: chain.contracts.depository,
  });
  const hashes: Hex[] = [...mined];
  for (let index = hashes.length; index < calls.length; index++) {
    const call = calls[index] as (typeof calls)[number];
    let hash: Hex;
    try {
      hash = await chain.sender.send(call, {
        onSigned: (txHash) =>
          recordSent(context, requestId, { purpose: route, chainId: chain.chainId, index, txHash }),
      });
    } catch (error) {
      // Refused at send (e.g. the call reverts in the gas estimate after all): nothing of it was mined.
      if (hashes.length === 0) {
        const revert = revertDetails({ index, to: call.to, error });
        return failAndRefund(context, requestId, revertFailReason(revert), {
          ...current(requestId).details,
          revert,
        });
      }
      throw new FillInterruptedError({ requestId, index, cause: error });
    }
    crashPoint("payment-broadcast", route);
    hashes.push(hash);
    if (route === "fill") {
      if (current(requestId).status === "pending")
        store.transition(requestId, "submitted", { txHashes: [...hashes] });
      else store.update(requestId, { txHashes: [...hashes] });
    }
    const receipt = await chain.sender.waitForReceipt(hash);
    if (receipt.status !== "success")
      return failAndRefund(context, requestId, "TRANSACTION_REVERTED", {
        ...current(requestId).details,
        ...(route === "fill"
          ? { revert: { index, to: call.to, txHash: hash } }
          : { fallbackRevert: { txHash: hash } }),
      });
    crashPoint("payment-mined", route);
  }
  recordFill(context, requestId, { route, txHashes: hashes });
}
