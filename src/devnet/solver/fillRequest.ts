import { type Hex, isAddressEqual } from "viem";
import { readBalance } from "../chains/readBalance.js";
import { nativeCurrencyAddress } from "../constants.js";
import { FillInterruptedError } from "../errors.js";
import { decideFill } from "./decideFill.js";
import { failAndRefund } from "./failAndRefund.js";
import { fillExternal } from "./fillExternal.js";
import { fillFallback } from "./fillFallback.js";
import { planFill } from "./planFill.js";
import { refundRequest } from "./refundRequest.js";
import { revertDetails } from "./revertDetails.js";
import { simulateFillCalls } from "./simulateFillCalls.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Fills a `pending` request: the executor of `decideFill` and `planFill`. A non-EVM destination goes
 * to its adapter's payout (`fillExternal`). Otherwise the destination chain is read (liquidity: the
 * solver's own balance for the native currency, the depository's for a token; `simulateFillCalls`),
 * `decideFill` answers, and the decision is carried out: a failure and a refund, a refund, the
 * fallback route (`fillFallback`), or the fill's transactions, sent one after the other:
 * `submitted` once the first is sent, `success` once all are mined, a revert on chain a failure and a
 * refund. A send refused before anything was mined is a failure and a refund; one refused after that
 * throws `FillInterruptedError` (money may have moved: nothing is refunded).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The `pending` request to fill.
 * @example
 * store.transition(requestId, "pending", { deposit, inTxHashes: [deposit.txHash] })
 * await fillRequest(context, requestId)
 */
export async function fillRequest(context: SolverContext, requestId: Hex): Promise<void> {
  const { store, current, chainOf, externalChains, now } = context;
  const request = current(requestId);
  const external = externalChains.get(request.destinationChainId);
  if (external) return fillExternal(context, requestId, external.payout);
  const chain = chainOf(request.destinationChainId);
  // Native liquidity is the solver's own balance; tokens are paid out of the depository.
  const liquidity = await readBalance({
    request: chain.request,
    currency: request.destinationCurrency,
    owner: isAddressEqual(request.destinationCurrency, nativeCurrencyAddress)
      ? chain.sender.address
      : chain.contracts.depository,
  });
  // The caller's calls are simulated before anything is sent: a revert costs the solver nothing.
  const simulation = await simulateFillCalls({ chain, request });
  const decision = decideFill({ request, liquidity, simulation, now: now() });
  if (decision.type === "fail")
    return failAndRefund(context, requestId, decision.failReason, decision.details);
  if (decision.type === "refund") return refundRequest(context, requestId, decision.failReason);
  if (decision.type === "fallback") return fillFallback(context, requestId, decision.details);

  const hashes: Hex[] = [];
  for (const [index, call] of planFill({ request, depository: chain.contracts.depository }).entries()) {
    let hash: Hex;
    try {
      hash = await chain.sender.send(call);
    } catch (error) {
      // Refused at send (e.g. the call reverts in the gas estimate after all): nothing of it was mined.
      if (hashes.length === 0)
        return failAndRefund(context, requestId, "UNKNOWN", {
          ...current(requestId).details,
          revert: revertDetails({ index, to: call.to, error }),
        });
      throw new FillInterruptedError({ requestId, index, cause: error });
    }
    hashes.push(hash);
    if (hashes.length === 1) store.transition(requestId, "submitted", { txHashes: [hash] });
    else store.update(requestId, { txHashes: [...hashes] });
    const receipt = await chain.sender.waitForReceipt(hash);
    if (receipt.status !== "success")
      return failAndRefund(context, requestId, "UNKNOWN", {
        ...current(requestId).details,
        revert: { index, to: call.to, txHash: hash },
      });
  }
  store.transition(requestId, "success");
}
