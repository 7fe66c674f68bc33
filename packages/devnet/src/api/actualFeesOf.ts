import { computeQuoteAmounts } from "../quote/computeQuoteAmounts.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest, QuotedFees } from "../state/types.js";

export type ActualFeesOfParameters = {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  currencyOut: DevnetCurrency | undefined;
};

/**
 * The fees a request's fill charged: none before its output was delivered (`success` or
 * `fallback`); the quoted fees when the deposit was the quoted one (a fill takes exactly what the
 * quote charged); for an open deposit address that received another amount (`details.requote`),
 * the fees of that amount as the solver priced it (`computeQuoteAmounts`, the service fee, the
 * relayer gas fee and the app fees of the amount received, at the devnet's prices), sponsorship as
 * quoted. Pure.
 *
 * @param parameters - {@link ActualFeesOfParameters}
 * @returns The fees charged, or undefined (not delivered, no quote, or a currency the devnet does not list).
 * @example
 * actualFeesOf({ request, currencyIn, currencyOut })?.relayerService // 1000n
 */
export function actualFeesOf({
  request,
  currencyIn,
  currencyOut,
}: ActualFeesOfParameters): QuotedFees | undefined {
  const quoted = request.quotedFees;
  if (!quoted || (request.status !== "success" && request.status !== "fallback")) return undefined;
  if (!request.details?.requote) return quoted;
  if (!currencyIn || !currencyOut) return undefined;
  const { fees } = computeQuoteAmounts({
    tradeType: "EXACT_INPUT",
    amount: request.amountIn,
    currencyIn,
    currencyOut,
    appFeeBps: request.appFeeBps,
  });
  return { ...quoted, ...fees, subsidized: quoted.subsidized };
}
