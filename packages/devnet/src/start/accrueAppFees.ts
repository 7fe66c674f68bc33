import { convertAmount } from "../quote/convertAmount.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { devnetBitcoinCurrency, devnetExchangeCurrency, devnetPrices } from "../quote/devnetCurrencies.js";
import type { AppFeeLedger } from "../state/createAppFeeLedger.js";
import type { DevnetRequest } from "../state/types.js";

export type AccrueAppFeesParameters = {
  /** A request whose output was delivered (`success` or `fallback`). */
  request: DevnetRequest;
  /** The devnet's currencies (the request's input currency is looked up there). */
  currencies: readonly DevnetCurrency[];
  appFees: AppFeeLedger;
};

/**
 * Each `appFees` recipient of a filled request accrues its share of `amountIn` (rounded up), in USDC
 * (as live: converted at the devnet's prices, rounded down). Credited once per request and recipient:
 * credited again after a restart, it counts once. A request in a currency the devnet does not know
 * accrues nothing.
 *
 * @param parameters - {@link AccrueAppFeesParameters}
 * @example
 * if (request.status === "success" || request.status === "fallback") accrueAppFees({ request, currencies, appFees })
 */
export function accrueAppFees({ request, currencies, appFees }: AccrueAppFeesParameters): void {
  // Bitcoin and the exchange are not among the EVM chains' currencies: their inputs pay app fees too.
  const currencyIn = [...currencies, devnetBitcoinCurrency, devnetExchangeCurrency].find(
    (c) =>
      c.chainId === request.originChainId && c.address.toLowerCase() === request.originCurrency.toLowerCase(),
  );
  if (!currencyIn) return;
  for (const [index, { recipient, bps }] of (request.appFees ?? []).entries()) {
    const share = (request.amountIn * bps + 9_999n) / 10_000n;
    appFees.credit(
      recipient,
      convertAmount({
        amount: share,
        from: currencyIn,
        to: { decimals: 6, priceUsdMicros: devnetPrices.usdc },
        rounding: "floor",
      }),
      // Once per request and recipient: credited again after a restart, it counts once.
      `${request.requestId.toLowerCase()}:${index}`,
    );
  }
}
