import { zeroAddress } from "viem";
import { type CurrencyBook, type CurrencyUnits, currencyKey } from "./currencyBook.js";

export type FindCurrencyUnitsParameters = {
  /** The chain list's currencies; empty when it was not read. */
  book: CurrencyBook;
  chainId: number | string | null | undefined;
  /** The currency's address (the zero address for an EVM chain's native currency). */
  address: string | null | undefined;
};

/**
 * A currency's symbol and decimals: as the chain list names them, else, for the zero address (an
 * EVM chain's native currency, counted in wei), 18 decimals and no symbol; else undefined (its
 * amounts stay in the smallest unit).
 *
 * @param parameters - {@link FindCurrencyUnitsParameters}
 * @returns The units, or undefined when not known. {@link CurrencyUnits}
 * @example
 * findCurrencyUnits({ book: new Map(), chainId: 1, address: zeroAddress }) // { symbol: undefined, decimals: 18 }
 */
export function findCurrencyUnits({
  book,
  chainId,
  address,
}: FindCurrencyUnitsParameters): CurrencyUnits | undefined {
  if (chainId == null || !address) return undefined;
  const listed = book.get(currencyKey(chainId, address));
  if (listed) return listed;
  return address.toLowerCase() === zeroAddress ? { symbol: undefined, decimals: 18 } : undefined;
}
