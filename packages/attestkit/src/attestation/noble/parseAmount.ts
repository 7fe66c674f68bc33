import {
  InvalidAmountError,
  type InvalidAmountErrorType,
  MissingFieldError,
  type MissingFieldErrorType,
} from "../errors.js";

export type ParseAmountParameters = {
  /** Decimal digits (leading zeros allowed) or a bigint. A JS number is refused: it may be rounded. */
  value: unknown;
  /** The field it came from, named in the error. */
  field: string;
};

export type ParseAmountErrorType = MissingFieldErrorType | InvalidAmountErrorType;

/**
 * Reads an amount in the currency's smallest unit: an integer in `0 .. 2^256 - 1`.
 *
 * @param parameters - {@link ParseAmountParameters}
 * @returns The amount.
 * @throws MissingFieldError when absent, InvalidAmountError otherwise.
 * @example
 * parseAmount({ value: "1000000", field: "originAmount" }) // 1000000n
 */
export function parseAmount({ value, field }: ParseAmountParameters): bigint {
  if (value === undefined || value === null) throw new MissingFieldError({ field });
  let amount: bigint;
  if (typeof value === "bigint") amount = value;
  else if (typeof value === "string" && /^[0-9]+$/.test(value)) amount = BigInt(value);
  else {
    const reason =
      typeof value === "number"
        ? "a JS number may already be rounded; pass decimal digits"
        : "not a decimal integer string";
    throw new InvalidAmountError({ field, value, reason });
  }
  if (amount < 0n) throw new InvalidAmountError({ field, value, reason: "negative" });
  if (amount >> 256n !== 0n) throw new InvalidAmountError({ field, value, reason: "not below 2^256" });
  return amount;
}
