import { readArrayNoble, readObjectNoble } from "./internal/readersNoble.js";

/**
 * Reads an array of objects of an order: each element is read whole (the object check, then its
 * fields, by `read`) before the next one, so the first malformed field in EIP-712 order (depth
 * first) is the one reported.
 *
 * @param value - The field's value.
 * @param field - The field's full path; element i is `${field}[${i}]`.
 * @param read - Reads one element's fields, given the element and its path.
 * @returns What `read` returns for each element, in order.
 * @throws MissingOrderFieldError or InvalidOrderFieldError for a value that is no array or an element that
 * is no object, and what `read` throws.
 * @example
 * readOrderListNoble(order.refunds, "orderData.refunds", (refund, path) => readRefund(refund, path))
 */
export function readOrderListNoble<T>(
  value: unknown,
  field: string,
  read: (item: Record<string, unknown>, path: string) => T,
): T[] {
  return readArrayNoble(field, value).map((item, i) =>
    read(readObjectNoble(`${field}[${i}]`, item), `${field}[${i}]`),
  );
}
