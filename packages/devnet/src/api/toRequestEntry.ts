import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { findDevnetCurrency } from "./findDevnetCurrency.js";
import { requestTransactions } from "./renderRequestRecord.js";
import type { RequestTransactions } from "./types.js";

/** A request with what the listing's filters read of it: its currencies and its transactions by role. */
export type RequestEntry = {
  request: DevnetRequest;
  /** The input's currency, if the devnet lists it. */
  currencyIn: DevnetCurrency | undefined;
  /** The output's currency, if the devnet lists it. */
  currencyOut: DevnetCurrency | undefined;
  transactions: RequestTransactions;
};

/**
 * Reads, once per request, what the filters of `GET /requests/v3` compare: the input's and the
 * output's currencies (by chain and address) and the request's transactions by role. Pure.
 *
 * @param request - The request.
 * @param currencies - The devnet's currencies.
 * @returns The entry. {@link RequestEntry}
 * @example
 * const entries = requests.map((request) => toRequestEntry(request, currencies))
 */
export function toRequestEntry(request: DevnetRequest, currencies: readonly DevnetCurrency[]): RequestEntry {
  return {
    request,
    currencyIn: findDevnetCurrency({
      currencies,
      chainId: request.originChainId,
      address: request.originCurrency,
    }),
    currencyOut: findDevnetCurrency({
      currencies,
      chainId: request.destinationChainId,
      address: request.destinationCurrency,
    }),
    transactions: requestTransactions(request),
  };
}
