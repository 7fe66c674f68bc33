import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";

/**
 * Output per whole unit of input at the quoted amounts (`data.route.actual.rate`): amountOut /
 * 10^decimalsOut over amountIn / 10^decimalsIn, to 18 decimals, rounded down, trailing zeros cut.
 *
 * @param request - The request (its `amountIn` and `amountOut`).
 * @param currencyIn - The input's currency.
 * @param currencyOut - The output's currency.
 * @returns The rate as a decimal string; null for an unlisted currency or a zero input.
 * @example
 * quotedRate(request, usdc, eth) // "0.000333333333333333"
 */
export function quotedRate(
  request: DevnetRequest,
  currencyIn: DevnetCurrency | undefined,
  currencyOut: DevnetCurrency | undefined,
): string | null {
  if (!currencyIn || !currencyOut || request.amountIn === 0n) return null;
  const scale = 10n ** 18n;
  const rate =
    (request.amountOut * 10n ** BigInt(currencyIn.decimals) * scale) /
    (request.amountIn * 10n ** BigInt(currencyOut.decimals));
  const whole = rate / scale;
  const fraction = (rate % scale).toString().padStart(18, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
