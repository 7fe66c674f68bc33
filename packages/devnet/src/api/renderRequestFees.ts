import { formatUnits } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest, QuotedFees } from "../state/types.js";
import { actualFeesOf } from "./actualFeesOf.js";
import { renderCurrency, toUsd } from "./renderAmount.js";

export type RenderRequestFeesParameters = {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  currencyOut: DevnetCurrency | undefined;
  /** Base URL for logos. */
  url: string;
};

/**
 * `data.fees` of a `GET /requests/v3` entry, in the official SDK's shape: the fees `quoted` and, once
 * the output was delivered, `actual` (`actualFeesOf`), each by component (`{usd, amount,
 * amountFormatted}`), in the origin currency (`currency`, the relayer fee's currency): `execution`
 * the relayer gas fee (with any gas top-up), `platform` the service fee, `app` the app fees,
 * `sponsored` what the sponsor pays, and `swap` 0 (the devnet's swaps charge no fee of their own:
 * their price impact is in the rate). Null for a request without a quote (born from a deposit,
 * synthetic history) or in a currency the devnet does not list.
 *
 * @param parameters - {@link RenderRequestFeesParameters}
 * @returns `{quoted, actual, currency}`, or null.
 * @example
 * renderRequestFees({ request, currencyIn, currencyOut, url })?.quoted.platform.amount // "1000"
 */
export function renderRequestFees({ request, currencyIn, currencyOut, url }: RenderRequestFeesParameters) {
  if (!request.quotedFees || !currencyIn) return null;
  const component = (amount: bigint) => ({
    usd: toUsd({ currency: currencyIn, amount }),
    amount: amount.toString(),
    amountFormatted: formatUnits(amount, currencyIn.decimals),
  });
  const components = (fees: QuotedFees) => ({
    swap: component(0n),
    execution: component(fees.relayerGas),
    platform: component(fees.relayerService),
    app: component(fees.app),
    sponsored: component(fees.subsidized),
  });
  const actual = actualFeesOf({ request, currencyIn, currencyOut });
  return {
    quoted: components(request.quotedFees),
    actual: actual ? components(actual) : null,
    currency: renderCurrency({ currency: currencyIn, url }),
  };
}
