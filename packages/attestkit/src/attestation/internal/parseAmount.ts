import { InvalidAmountError, MissingFieldError } from "../errors.js";

const maxUint256 = 2n ** 256n - 1n;

/** Checks that an amount is a decimal integer string (or bigint) in [0, 2^256) and returns it. */
export function parseAmount(field: string, value: unknown): bigint {
  if (value === undefined || value === null) throw new MissingFieldError({ field });
  let amount: bigint;
  if (typeof value === "bigint") amount = value;
  else if (typeof value === "string" && /^[0-9]+$/.test(value)) amount = BigInt(value);
  else throw new InvalidAmountError({ field, value, reason: "not a decimal integer string" });
  if (amount < 0n) throw new InvalidAmountError({ field, value, reason: "negative" });
  if (amount > maxUint256) throw new InvalidAmountError({ field, value, reason: "2^256 or more" });
  return amount;
}
