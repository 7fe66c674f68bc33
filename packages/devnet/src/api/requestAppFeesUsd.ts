import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { actualFeesOf } from "./actualFeesOf.js";
import { toUsd } from "./renderAmount.js";

export type RequestAppFeesUsdParameters = {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  currencyOut: DevnetCurrency | undefined;
};

/**
 * A request's total app fees in USD, the `appFeesAmountUsd*` filters of `GET /requests/v3` read: the
 * app fees charged (`actualFeesOf`) once the output was delivered, else the quoted ones, at the
 * devnet's prices (`toUsd`); 0 for a request without app fees or without a quote. Pure.
 *
 * @param parameters - {@link RequestAppFeesUsdParameters}
 * @returns USD.
 * @example
 * requestAppFeesUsd({ request, currencyIn, currencyOut }) // 0.5
 */
export function requestAppFeesUsd({ request, currencyIn, currencyOut }: RequestAppFeesUsdParameters): number {
  const fees = actualFeesOf({ request, currencyIn, currencyOut }) ?? request.quotedFees;
  if (!fees || !currencyIn) return 0;
  return Number(toUsd({ currency: currencyIn, amount: fees.app }));
}
