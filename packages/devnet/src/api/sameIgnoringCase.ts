/**
 * Whether a value of a request equals a queried value, without regard to case: addresses and hashes
 * are hex, whose case carries no meaning (at most an EIP-55 checksum).
 *
 * @param a - The request's value; null or undefined never matches.
 * @param b - The queried value.
 * @returns True when both are the same text, case aside.
 * @example
 * sameIgnoringCase(request.user, "0xABC...") // true for 0xabc...
 */
export function sameIgnoringCase(a: string | null | undefined, b: string): boolean {
  return typeof a === "string" && a.toLowerCase() === b.toLowerCase();
}
