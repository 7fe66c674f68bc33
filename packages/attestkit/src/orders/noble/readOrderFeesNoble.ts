import type { OrderEncodingOptions } from "../types.js";
import { type OrderFeeNoble, readOrderFeeNoble } from "./readOrderFeeNoble.js";
import { readOrderListNoble } from "./readOrderListNoble.js";

/**
 * Reads `orderData.fees`, the hub fees of either version, fee by fee (`readOrderFeeNoble`).
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param value - The field's value.
 * @returns The fees, in order. {@link OrderFeeNoble}
 * @throws A typed error naming the first malformed field.
 * @example
 * readOrderFeesNoble(options, order.fees) // []
 */
export function readOrderFeesNoble(options: OrderEncodingOptions, value: unknown): OrderFeeNoble[] {
  return readOrderListNoble(value, "orderData.fees", (fee, path) => readOrderFeeNoble(options, fee, path));
}
