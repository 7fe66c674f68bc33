import { type Hex, isAddressEqual } from "viem";
import { readBalance } from "../chains/readBalance.js";
import { nativeCurrencyAddress } from "../constants.js";
import { decideFill } from "./decideFill.js";
import { failAndRefund } from "./failAndRefund.js";
import { fillExternal } from "./fillExternal.js";
import { fillFallback } from "./fillFallback.js";
import { isExpiredUnfilled } from "./isExpiredUnfilled.js";
import { priceFill } from "./priceFill.js";
import { refundRequest } from "./refundRequest.js";
import { sendFill } from "./sendFill.js";
import { simulateFillCalls } from "./simulateFillCalls.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Fills a `pending` request: the executor of `decideFill` and `planFill`. First the fill is priced
 * at the market's price now (`priceFill`: the output to fill, or a refund `SLIPPAGE` beyond the
 * quote's tolerance; a request refunded as expired is not priced). A non-EVM destination goes
 * to its adapter's payout (`fillExternal`). Otherwise the destination chain is read (liquidity: the
 * solver's own balance for the native currency, the depository's for a token; `simulateFillCalls`),
 * `decideFill` answers, and the decision is carried out: a failure and a refund, a refund, the
 * fallback route (`fillFallback`), or the fill's transactions (`sendFill`: each written down before
 * it is broadcast, `submitted` once the first is sent, `success` once all are mined, a revert on chain
 * a failure and a refund).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The `pending` request to fill.
 * @example
 * store.transition(requestId, "pending", { deposit, inTxHashes: [deposit.txHash] })
 * await fillRequest(context, requestId)
 */
export async function fillRequest(context: SolverContext, requestId: Hex): Promise<void> {
  const { current, chainOf, externalChains, now } = context;
  if (
    !isExpiredUnfilled({ request: current(requestId), now: now() }) &&
    !(await priceFill(context, requestId))
  )
    return;
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

  await sendFill(context, requestId, { route: "fill" });
}
