import type { Hex } from "viem";
import { decideFillPrice } from "./decideFillPrice.js";
import { refundRequest } from "./refundRequest.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Prices a `pending` request's fill at the market's price now: the executor of `decideFillPrice`.
 * When the price moved, the output to fill becomes the market's (`amountOut`, the quoted one kept in
 * `details.priceMove`), or, beyond the quote's tolerance, the deposit goes back (`refund`, `failReason`
 * `SLIPPAGE`). Unmoved prices change nothing. A request without quote-time prices (born from a
 * deposit, stored before prices moved), a currency without a price, or an open deposit address's
 * fill (re-quoted at the market's price already) is filled as it stands.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The `pending` request about to be filled.
 * @returns Whether the fill goes on (false: it was refunded).
 * @example
 * if (!(await priceFill(context, requestId))) return
 */
export async function priceFill(context: SolverContext, requestId: Hex): Promise<boolean> {
  const { current, marketPrices, store, now } = context;
  const request = current(requestId);
  const prices = request.pricing && !request.details?.requote ? marketPrices(request) : undefined;
  if (!request.pricing || !prices) return true;
  // A fill priced before (a restart) is priced again from the quoted output, never from its own.
  const quotedAmountOut = BigInt(request.details?.priceMove?.quotedAmountOut ?? request.amountOut);
  const decision = decideFillPrice({
    amountIn: request.amountIn,
    quotedAmountOut,
    pricing: request.pricing,
    prices,
    late: request.expiresAt !== null && now() > request.expiresAt,
    callValue: request.txs.reduce((sum, call) => sum + call.value, 0n),
  });
  if (decision.type === "refund") {
    store.update(requestId, { details: { ...request.details, priceMove: decision.details } });
    await refundRequest(context, requestId, decision.failReason);
    return false;
  }
  // Recorded only when the price moved (or the fill is late): an unmoved fill leaves the request as quoted.
  const { movedBps, late, costAmountIn } = decision.details;
  const moved =
    decision.amountOut !== quotedAmountOut ||
    movedBps !== "0" ||
    late === true ||
    (costAmountIn !== undefined && costAmountIn !== request.amountIn.toString()) ||
    request.details?.priceMove !== undefined;
  if (moved)
    store.update(requestId, {
      amountOut: decision.amountOut,
      details: { ...request.details, priceMove: decision.details },
    });
  return true;
}
