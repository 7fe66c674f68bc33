export type IsAccountIndexParameters = {
  /** The value to check: a decimal string (request fields) or a number (transfer parameters). */
  accountIndex: unknown;
};

export type IsAccountIndexReturnType = boolean;

const canonicalDecimal = /^(0|[1-9][0-9]*)$/;

/**
 * Tells whether a value is an external-exchange account index: a non-negative integer written as
 * canonical decimal digits (no sign, no leading zero) or given as a number, at most 2^53 - 1, because
 * the exchange's step parameters carry account indexes as JSON numbers, exact only up to that bound.
 *
 * @param parameters - {@link IsAccountIndexParameters}
 * @returns True for a valid account index. {@link IsAccountIndexReturnType}
 * @example
 * isAccountIndex({ accountIndex: "281474976710654" }) // true
 */
export function isAccountIndex({ accountIndex }: IsAccountIndexParameters): IsAccountIndexReturnType {
  if (typeof accountIndex === "number") return Number.isSafeInteger(accountIndex) && accountIndex >= 0;
  if (typeof accountIndex !== "string" || !canonicalDecimal.test(accountIndex)) return false;
  return BigInt(accountIndex) <= BigInt(Number.MAX_SAFE_INTEGER);
}
