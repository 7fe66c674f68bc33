import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";

export type ParseAmountTextParameters = {
  /** The flag the text was given to (`--amount`), for the message. */
  flag: string;
  /** The text as typed: `10000000000000000`, `0x2386f26fc10000`, `1e16`, `0.01ether`, `1.5 usdc`. */
  value: string;
};

/**
 * An amount as typed: `mantissa × 10^-scale` of `unit` (`0.01ether` is 1 × 10^-2 ether), or of the
 * smallest unit when no unit was typed. The caller turns a unit into the smallest unit with the
 * currency's decimals (`toSmallestUnit`).
 */
export type ParseAmountTextReturnType = {
  /** The digits typed, as an integer (`0.01` -> 1n, `1.5e6` -> 15n). */
  mantissa: bigint;
  /** How many places the point is to the left of the mantissa's end: 2 for `0.01`, -5 for `1.5e6`. */
  scale: number;
  /** The unit as typed, lower case (`ether`, `gwei`, `usdc`); undefined for the smallest unit. */
  unit: string | undefined;
};

/** {@link CliError} (exit 2), naming the flag. */
export type ParseAmountTextErrorType = CliError;

const hex = /^0x[0-9a-fA-F]+$/;
/** Digits with an optional fraction and exponent, then an optional unit (`1.5e-3 ether`). */
const decimal = /^([0-9]+)(?:\.([0-9]*))?(?:[eE](-?[0-9]{1,3}))?\s*([a-zA-Z][a-zA-Z0-9]*)?$/;

/**
 * Reads an amount as `cast` reads a value (`cast send --value`, an `uint256` argument): decimal
 * digits (the smallest unit), `0x` and hex digits, scientific notation (`1e16`, `1.5e6`), each with
 * an optional unit after it (`0.01ether`, `1 gwei`, `1e-2ether`, `100usdc`). Whether the number is
 * whole in the smallest unit is decided with the unit's decimals (`toSmallestUnit`).
 *
 * @param parameters - {@link ParseAmountTextParameters}
 * @returns The number and its unit. {@link ParseAmountTextReturnType}
 * @throws {@link ParseAmountTextErrorType} for text of any other form (`-1`, `.5`, `1 2`).
 * @example
 * parseAmountText({ flag: "--amount", value: "0.01ether" }) // { mantissa: 1n, scale: 2, unit: "ether" }
 */
export function parseAmountText({ flag, value }: ParseAmountTextParameters): ParseAmountTextReturnType {
  const text = value.trim();
  if (hex.test(text)) return { mantissa: BigInt(text), scale: 0, unit: undefined };
  const match = decimal.exec(text);
  if (!match)
    throw new CliError(`${flag} ${JSON.stringify(value)} is not an amount.`, {
      exitCode: exitCodes.badInput,
      field: flag,
      metaMessages: [
        "Give digits in the smallest unit (10000000000000000), or a number and a unit as cast takes them:",
        `${flag} 0.01ether, ${flag} 1gwei, ${flag} 1e16, ${flag} 100usdc (the currency's symbol, by its decimals).`,
      ],
    });
  const [, whole = "", fraction = "", exponent = "0", unit] = match;
  return {
    mantissa: BigInt(`${whole}${fraction}`),
    scale: fraction.length - Number(exponent),
    unit: unit?.toLowerCase(),
  };
}
