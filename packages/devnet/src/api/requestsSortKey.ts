import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { toUsd } from "./renderAmount.js";

export type RequestsSortKeyParameters = {
  request: DevnetRequest;
  /** The input's currency, if the devnet lists it. */
  currencyIn: DevnetCurrency | undefined;
  /** The `sortBy` of the query. */
  sortBy: "createdAt" | "updatedAt" | "amountUsd";
};

/**
 * The number `GET /requests/v3` sorts a request by: its creation or last update time (ms), or the
 * USD value of its input at the devnet's prices (0 for a currency the devnet does not list).
 *
 * @param parameters - {@link RequestsSortKeyParameters}
 * @returns The sort key.
 * @example
 * requestsSortKey({ request, currencyIn, sortBy: "amountUsd" }) // 3000
 */
export function requestsSortKey({ request, currencyIn, sortBy }: RequestsSortKeyParameters): number {
  if (sortBy === "createdAt") return request.createdAt;
  if (sortBy === "updatedAt") return request.updatedAt;
  return currencyIn ? Number(toUsd({ currency: currencyIn, amount: request.amountIn })) : 0;
}
