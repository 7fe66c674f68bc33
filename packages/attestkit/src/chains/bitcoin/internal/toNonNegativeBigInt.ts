import { InvalidRouteAmountError } from "../errors.js";

/** Reads a bigint, safe integer number or decimal-digit string as a non-negative bigint. */
export function toNonNegativeBigInt({ field, value }: { field: string; value: unknown }): bigint {
  if (typeof value === "bigint" && value >= 0n) return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^[0-9]+$/.test(value)) return BigInt(value);
  throw new InvalidRouteAmountError({ field, value });
}
