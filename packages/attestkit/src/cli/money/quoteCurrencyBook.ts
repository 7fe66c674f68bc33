import type { QuoteResponse } from "../../schemas/index.js";
import { type CurrencyBook, type CurrencyUnits, currencyKey } from "./currencyBook.js";

type QuoteCurrency = {
  chainId?: number | null | undefined;
  address?: string | null | undefined;
  symbol?: string | null | undefined;
  decimals?: number | null | undefined;
};

/**
 * The currencies a quote names with their symbols and decimals: `details.currencyIn`,
 * `details.currencyOut` and each fee's currency. For writing amounts in units only: what is paid is
 * checked in the smallest unit against the signed order, never against these decimals.
 *
 * @param quote - A `POST /quote/v2` answer.
 * @returns The book. {@link CurrencyBook}
 * @example
 * quoteCurrencyBook(quote).get(currencyKey(8453, zeroAddress)) // { symbol: "ETH", decimals: 18 }
 */
export function quoteCurrencyBook(quote: QuoteResponse): CurrencyBook {
  const named: (QuoteCurrency | null | undefined)[] = [
    quote.details?.currencyIn?.currency,
    quote.details?.currencyOut?.currency,
    ...Object.values(quote.fees ?? {}).map((fee) => (fee as { currency?: QuoteCurrency } | null)?.currency),
  ];
  const book = new Map<string, CurrencyUnits>();
  for (const currency of named)
    if (currency?.address && currency.chainId != null && typeof currency.decimals === "number")
      book.set(currencyKey(currency.chainId, currency.address), {
        symbol: currency.symbol ?? undefined,
        decimals: currency.decimals,
      });
  return book;
}
