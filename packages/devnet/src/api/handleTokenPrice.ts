import type { responseSchemas, TokenPriceRequest } from "attestkit/schemas";
import { type Address, formatUnits } from "viem";
import type * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import { findDevnetCurrency } from "./findDevnetCurrency.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What `GET /currencies/token/price` reads of the devnet: its currencies and the market. */
export type TokenPriceDeps = Pick<DevnetContext, "currencies" | "bitcoin" | "exchange" | "prices">;

export type HandleTokenPriceParameters = {
  context: TokenPriceDeps;
  /** The validated query. */
  query: TokenPriceRequest;
};

/**
 * Answers `GET /currencies/token/price` (the official SDK's API types) for a currency the devnet
 * lists: its USD price per whole unit at the market's price now, the price its quotes use.
 *
 * @param parameters - {@link HandleTokenPriceParameters}
 * @returns `{ price }`.
 * @throws DevnetApiError 400 `UNSUPPORTED_CURRENCY` for a currency the devnet does not list.
 * @example
 * handleTokenPrice({ context, query: { chainId: "31337", address: usdc } }) // { price: 1 }
 */
export function handleTokenPrice({ context, query }: HandleTokenPriceParameters) {
  const chainId = Number(query.chainId);
  const currency = findDevnetCurrency({
    currencies: listDevnetCurrencies(context),
    chainId,
    address: query.address as Address,
  });
  if (!currency)
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CURRENCY",
      message: `The devnet lists no currency ${query.address} on chain ${chainId}.`,
    });
  const price = Number(formatUnits(atMarketPrice(context.prices, currency).priceUsdMicros, 6));
  return { price } satisfies z.input<typeof responseSchemas.tokenPrice>;
}
