/**
 * Whether a query flag is set: the boolean `true` or the text `true` (a query string carries text).
 *
 * @param flag - The flag as the query schema gives it.
 * @returns True for `true` and `"true"`.
 * @example
 * isTrueFlag(query.includeTotal)
 */
export function isTrueFlag(flag: boolean | "true" | "false" | undefined): boolean {
  return flag === true || flag === "true";
}
