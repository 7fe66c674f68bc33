import { isAccountIndex } from "attestkit/chains";
import { ExchangeError } from "./errors.js";

/**
 * Checks that a value is an account index (a non-negative safe integer, `isAccountIndex`).
 *
 * @param field - The field named in the error, e.g. `accounts[2].accountIndex`.
 * @param value - The value to check.
 * @returns The account index.
 * @throws {ExchangeError} `INVALID_ACCOUNT_INDEX` when it is not one.
 * @example
 * checkAccountIndex("accountIndex", 1001) // 1001
 */
export function checkAccountIndex(field: string, value: unknown): number {
  if (typeof value !== "number" || !isAccountIndex({ accountIndex: value }))
    throw new ExchangeError({ code: "INVALID_ACCOUNT_INDEX", field, value });
  return value;
}
