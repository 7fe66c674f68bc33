import type { RefusedItem } from "./types.js";

/**
 * A refused item: which field of its data is wrong, why, and the two values.
 *
 * @example
 * return refuse("data.value", "amount-mismatch", "1000", "1001")
 */
export function refuse(field: string, reason: string, expected: string, actual: string): RefusedItem {
  return { ok: false, field, reason, expected, actual };
}
