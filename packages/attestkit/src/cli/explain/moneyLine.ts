import type { CurrencyBook } from "../money/currencyBook.js";
import { findCurrencyUnits } from "../money/findCurrencyUnits.js";
import { formatMoney } from "../money/formatMoney.js";

export type MoneyLineParameters = {
  /** The chain list's currencies (`GET /chains`); empty when it could not be read. */
  book: CurrencyBook;
  /** The amount in the smallest unit. */
  amount: string;
  /** The currency's address. */
  currency: string;
  chainId: number | string | null | undefined;
};

/**
 * An amount of the `explain` report as `quote` writes one: whole units and the symbol when the
 * chain list gives the currency's decimals (or it is an EVM chain's native currency, 18), the exact
 * smallest-unit amount in brackets (`0.01 ETH on 31337  [10000000000000000]`); else the smallest
 * unit, said so.
 *
 * @param parameters - {@link MoneyLineParameters}
 * @returns The text.
 * @example
 * moneyLine({ book, amount: "10000000000000000", currency: zeroAddress, chainId: 31337 })
 */
export function moneyLine({ book, amount, currency, chainId }: MoneyLineParameters): string {
  const units = findCurrencyUnits({ book, chainId, address: currency });
  return formatMoney({ amount, decimals: units?.decimals, currency: units?.symbol ?? currency, chainId });
}
