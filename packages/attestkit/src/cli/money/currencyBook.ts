import type { ChainsResponse } from "../../schemas/index.js";

/** What a command needs of a currency to write its amounts in units. */
export type CurrencyUnits = {
  /** The currency's symbol (`ETH`, `USDC`), when the chain list names one. */
  symbol: string | undefined;
  /** Its decimals: 1 whole unit is 10^decimals of the smallest. */
  decimals: number;
};

/** Currencies by chain and address (`31337:0xabc…`, the address in lower case). */
export type CurrencyBook = ReadonlyMap<string, CurrencyUnits>;

/** The book's key of a currency. */
export const currencyKey = (chainId: number | string, address: string): string =>
  `${chainId}:${address.toLowerCase()}`;

/**
 * The currencies a `GET /chains` answer names, with their symbols and decimals: each chain's native
 * `currency`, its `featuredTokens`, `erc20Currencies` and `solverCurrencies`. A currency without
 * decimals is left out (its amounts stay in the smallest unit).
 *
 * @param answer - A `GET /chains` answer (`getChains`).
 * @returns The book. {@link CurrencyBook}
 * @example
 * const book = toCurrencyBook(await getChains(client))
 * book.get(currencyKey(1, zeroAddress)) // { symbol: "ETH", decimals: 18 }
 */
export function toCurrencyBook(answer: ChainsResponse): CurrencyBook {
  const book = new Map<string, CurrencyUnits>();
  for (const chain of answer.chains)
    for (const currency of [
      chain.currency,
      ...(chain.featuredTokens ?? []),
      ...(chain.erc20Currencies ?? []),
      ...(chain.solverCurrencies ?? []),
    ])
      if (currency?.address && typeof currency.decimals === "number")
        book.set(currencyKey(chain.id, currency.address), {
          symbol: currency.symbol ?? undefined,
          decimals: currency.decimals,
        });
  return book;
}
