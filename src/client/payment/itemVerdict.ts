import type { PaymentCheck } from "./types.js";

/** The verdict on one step item, before the caller places it (`name: "item"`, `item`). */
export type ItemVerdict = Omit<PaymentCheck, "name" | "item">;

/**
 * A refused item: which field of its data differs, why, and the two values.
 *
 * @example
 * return refuseItem("data.value", "amount-mismatch", amount.toString(), value.toString())
 */
export function refuseItem(field: string, reason: string, expected: string, actual: string): ItemVerdict {
  return { ok: false, field, reason, expected, actual };
}
