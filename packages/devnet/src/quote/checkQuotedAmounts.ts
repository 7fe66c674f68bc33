import { maxUint256 } from "viem";
import type { DestinationCall } from "../state/types.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

export type CheckQuotedAmountsParameters = {
  /** What the user deposits, smallest units of the input. */
  amountIn: bigint;
  /** What the recipient gets, smallest units of the output. */
  amountOut: bigint;
  /** The destination calls; their `value` is in wei. */
  txs: readonly DestinationCall[];
  currencyOut: DevnetCurrency;
};

/**
 * The last checks of a priced quote: both amounts fit a uint256 (the request schemas bound `amount`,
 * but fees added to an `EXACT_OUTPUT` can still push the input over), and the value the destination
 * calls send comes out of a native output large enough to carry it.
 *
 * @param parameters - {@link CheckQuotedAmountsParameters}
 * @throws DevnetApiError (400) `INVALID_REQUEST` (an amount of 2^256 or more) or `INVALID_EXTRA_TXS`.
 * @example
 * checkQuotedAmounts({ amountIn, amountOut, txs, currencyOut })
 */
export function checkQuotedAmounts({
  amountIn,
  amountOut,
  txs,
  currencyOut,
}: CheckQuotedAmountsParameters): void {
  if (amountIn > maxUint256 || amountOut > maxUint256)
    throw quoteBadRequest(
      "INVALID_REQUEST",
      "The quoted amounts must be below 2^256 (a uint256); lower amount.",
    );
  const callValue = txs.reduce((sum, call) => sum + call.value, 0n);
  if (callValue > 0n && (!currencyOut.isNative || callValue > amountOut))
    throw quoteBadRequest(
      "INVALID_EXTRA_TXS",
      "The value of the txs must come out of a native output amount.",
    );
}
