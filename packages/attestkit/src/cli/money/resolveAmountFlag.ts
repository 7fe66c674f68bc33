import { zeroAddress } from "viem";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import type { CurrencyBook, CurrencyUnits } from "./currencyBook.js";
import { findCurrencyUnits } from "./findCurrencyUnits.js";
import { type ParseAmountTextErrorType, parseAmountText } from "./parseAmountText.js";
import { type ToSmallestUnitErrorType, toSmallestUnit } from "./toSmallestUnit.js";

export type ResolveAmountFlagParameters = {
  /** The flag (`--amount`, `--max-amount-in`). */
  flag: string;
  /** Its value as typed: `10000000000000000`, `1e16`, `0.01ether`, `100usdc`. */
  value: string;
  /** The currency the amount is of, as the request names it. */
  currency: {
    chainId: unknown;
    address: unknown;
    /** The flags that name it, for the advice (`--origin-currency`, `--origin-chain-id`). */
    flags: readonly [currency: string, chain: string];
  };
  /** Reads the chain list's currencies (`GET /chains`): called only when a unit needs a token's decimals. */
  readBook: () => Promise<CurrencyBook>;
};

/** Bad input (exit 2) naming the flag; or what `readBook` throws. */
export type ResolveAmountFlagErrorType = ParseAmountTextErrorType | ToSmallestUnitErrorType | CliError;

/** `cast`'s units of ether (alloy's): 10^n wei each. They count an 18-decimals currency. */
const etherUnits: Readonly<Record<string, number>> = { ether: 18, gwei: 9, nano: 9, nanoether: 9, wei: 0 };

/**
 * The smallest-unit integer (decimal digits, as the request body carries it) of an amount typed
 * as `cast` takes a value: digits, hex or `1e16` as they are; `0.01ether`, `1gwei`, `5wei` (and
 * cast's `nano`, `nanoether`) in wei of an 18-decimals currency (an EVM chain's native one, or a
 * token the chain list gives 18 decimals); `100usdc` by the symbol and decimals the chain list
 * (`GET /chains`) gives the currency. A unit whose decimals are not known is refused, never
 * guessed; an amount finer than the smallest unit is refused, never rounded.
 *
 * @param parameters - {@link ResolveAmountFlagParameters}
 * @returns The amount in the smallest unit, as decimal digits.
 * @throws {@link ResolveAmountFlagErrorType}
 * @example
 * await resolveAmountFlag({ flag: "--amount", value: "0.01ether", currency, readBook }) // "10000000000000000"
 */
export async function resolveAmountFlag({
  flag,
  value,
  currency,
  readBook,
}: ResolveAmountFlagParameters): Promise<string> {
  const { mantissa, scale, unit } = parseAmountText({ flag, value });
  const exact = (decimals: number, name: string | undefined) =>
    toSmallestUnit({ flag, value, mantissa, scale, decimals, unit: name }).toString();
  if (unit === undefined) return exact(0, undefined);
  const refuse = (why: string, advice: string) =>
    new CliError(`${flag} ${value}: ${why}`, {
      exitCode: exitCodes.badInput,
      field: flag,
      metaMessages: [advice],
    });
  const { chainId, address, flags } = currency;
  if (typeof address !== "string" || (typeof chainId !== "number" && typeof chainId !== "string"))
    throw refuse(
      "a unit needs the currency, to know its decimals.",
      `Give ${flags[0]} and ${flags[1]}, or the amount in the smallest unit (digits).`,
    );
  const ether = etherUnits[unit];
  const units: CurrencyUnits | undefined =
    ether !== undefined && address.toLowerCase() === zeroAddress
      ? { symbol: undefined, decimals: 18 }
      : findCurrencyUnits({ book: await readBook(), chainId, address });
  const named = `${units?.symbol ?? address} on chain ${chainId}`;
  const own = units?.symbol ? ` (${units.symbol.toLowerCase()})` : "";
  if (!units)
    throw refuse(
      `the chain list (GET /chains) does not give the decimals of ${named}.`,
      `Give the amount in its smallest unit (digits): ${flag} 1000000 is 1 of a 6-decimals token.`,
    );
  if (ether !== undefined && units.decimals !== 18)
    throw refuse(
      `ether, gwei and wei count 18 decimals; ${named} has ${units.decimals}.`,
      `Write it in its own units${own}, or in the smallest unit (digits).`,
    );
  if (ether !== undefined) return exact(ether, unit);
  if (units.symbol?.toLowerCase() !== unit)
    throw refuse(
      `the amount is of ${named}, not ${unit}.`,
      `Units: ether, gwei, wei, or the currency's own symbol${own}.`,
    );
  return exact(units.decimals, units.symbol);
}
