import type { PaymentCheck } from "../client/payment/types.js";
import { type CurrencyBook, currencyKey } from "./money/currencyBook.js";
import { formatMoney } from "./money/formatMoney.js";

/**
 * What a passed check of the payment guard found, as `execute` prints it: its money in units
 * (`0.01 ETH on 31337  [10000000000000000]`, the exact smallest-unit amount kept in brackets) and
 * its deadline as a time (`2026-11-29T21:00:00.000Z  [1795988761]`); an item's summary names the
 * money in place of its raw amount (`depositNative 0.01 ETH on 31337  [10000000000000000] to the
 * depository, id 0x…`). A currency the book does not know stays in its smallest unit.
 *
 * @param check - A check of the guard's verdict. {@link PaymentCheck}
 * @param book - Symbols and decimals by chain and currency, for display only (`quoteCurrencyBook`).
 * @returns The text, or undefined when the check has nothing to say.
 * @example
 * describeCheckFinding({ name: "deadline", ok: true, summary: "1795988761", deadline: 1795988761 }, book)
 * // "2026-11-29T21:46:01.000Z  [1795988761]"
 */
export function describeCheckFinding(check: PaymentCheck, book: CurrencyBook): string | undefined {
  if (check.deadline !== undefined)
    return `${new Date(check.deadline * 1000).toISOString()}  [${check.deadline}]`;
  const { money, summary } = check;
  if (money === undefined) return summary;
  const units = book.get(currencyKey(money.chainId, money.currency));
  const text = formatMoney({
    amount: money.amount,
    decimals: units?.decimals,
    currency: units?.symbol ?? money.currency,
    chainId: money.chainId,
  });
  if (summary === undefined || summary === money.amount) return text;
  // The item summaries name the amount once: `N wei`, `N of 0xtoken`, or the bare digits.
  const raw = new RegExp(`(?<![0-9])${money.amount}(?: wei| of 0x[0-9a-fA-F]+)?(?![0-9])`);
  return raw.test(summary) ? summary.replace(raw, text) : `${summary}  (${text})`;
}
