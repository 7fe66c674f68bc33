import type { CurrencyBook } from "../money/currencyBook.js";
import { type ResolveAmountFlagErrorType, resolveAmountFlag } from "../money/resolveAmountFlag.js";

export type ResolveRequestAmountParameters = {
  /** `--amount` as typed; undefined when not given (the file's amount is sent as written). */
  amount: string | undefined;
  /** The request body so far: the file's fields with the flags over them. */
  body: Readonly<Record<string, unknown>>;
  /** Reads the chain list's currencies (`GET /chains`), when a unit needs a token's decimals. */
  readBook: () => Promise<CurrencyBook>;
};

export type ResolveRequestAmountErrorType = ResolveAmountFlagErrorType;

/**
 * `--amount` of a quote request in the smallest unit, as the body carries it: digits as they are,
 * a unit (`0.01ether`, `100usdc`) by the decimals of the currency the amount is of, the origin
 * currency for `EXACT_INPUT` and the destination currency otherwise (the side the trade type fixes).
 *
 * @param parameters - {@link ResolveRequestAmountParameters}
 * @returns The amount's digits, or undefined when `--amount` was not given.
 * @throws {@link ResolveRequestAmountErrorType}
 * @example
 * body.amount = await resolveRequestAmount({ amount: "0.01ether", body, readBook })
 */
export async function resolveRequestAmount({
  amount,
  body,
  readBook,
}: ResolveRequestAmountParameters): Promise<string | undefined> {
  if (amount === undefined) return undefined;
  const input = (body.tradeType ?? "EXACT_INPUT") === "EXACT_INPUT";
  return resolveAmountFlag({
    flag: "--amount",
    value: amount,
    currency: input
      ? {
          chainId: body.originChainId,
          address: body.originCurrency,
          flags: ["--origin-currency", "--origin-chain-id"],
        }
      : {
          chainId: body.destinationChainId,
          address: body.destinationCurrency,
          flags: ["--destination-currency", "--destination-chain-id"],
        },
    readBook,
  });
}
