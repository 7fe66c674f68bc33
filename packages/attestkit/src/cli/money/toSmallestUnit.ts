import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";

export type ToSmallestUnitParameters = {
  /** The flag the amount was given to (`--amount`), for the message. */
  flag: string;
  /** The amount as typed, for the message. */
  value: string;
  /** `mantissa × 10^-scale` units, as `parseAmountText` read them. */
  mantissa: bigint;
  scale: number;
  /** Decimals of the unit: 1 of it is 10^decimals of the smallest unit (0 for the smallest unit itself). */
  decimals: number;
  /** What the unit is (`ether`, `USDC`), for the message; undefined for the smallest unit. */
  unit: string | undefined;
};

/** {@link CliError} (exit 2), naming the flag. */
export type ToSmallestUnitErrorType = CliError;

/**
 * An amount as an integer of the smallest unit, exactly: `0.01` ether (18 decimals) is
 * 10000000000000000. An amount finer than the smallest unit is refused, never rounded (viem's
 * `parseUnits` rounds it).
 *
 * @param parameters - {@link ToSmallestUnitParameters}
 * @returns The integer.
 * @throws {@link ToSmallestUnitErrorType} for an amount finer than the smallest unit.
 * @example
 * toSmallestUnit({ flag: "--amount", value: "1.5usdc", mantissa: 15n, scale: 1, decimals: 6, unit: "USDC" }) // 1500000n
 */
export function toSmallestUnit({
  flag,
  value,
  mantissa,
  scale,
  decimals,
  unit,
}: ToSmallestUnitParameters): bigint {
  const shift = decimals - scale;
  if (shift >= 0) return mantissa * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  if (mantissa % divisor === 0n) return mantissa / divisor;
  if (unit === undefined)
    throw new CliError(`${flag} ${value} is not a whole number of the smallest unit.`, {
      exitCode: exitCodes.badInput,
      field: flag,
      metaMessages: [
        "A number without a unit is in the smallest unit (wei of ETH, millionths of USDC).",
        `For whole units add one, as cast takes it: ${flag} ${value.trim()}ether, ${flag} ${value.trim()}usdc (the currency's symbol).`,
      ],
    });
  throw new CliError(`${flag} ${value} is finer than the smallest unit of ${unit} (${decimals} decimals).`, {
    exitCode: exitCodes.badInput,
    field: flag,
    metaMessages: [
      "An amount is never rounded: give fewer decimals, or the amount in the smallest unit (digits).",
    ],
  });
}
