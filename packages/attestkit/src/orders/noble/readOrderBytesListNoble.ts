import { readArrayNoble, readHexBytesNoble } from "./internal/readersNoble.js";

/**
 * Reads an array of hex byte strings of an order (`bytes[]` in EIP-712, such as calls), element
 * by element.
 *
 * @param value - The field's value.
 * @param field - The field's full path; element i is `${field}[${i}]`.
 * @returns Each element's bytes, in order.
 * @throws MissingOrderFieldError or InvalidOrderFieldError for a value that is no array or an element that
 * is no `0x` hex.
 * @example
 * readOrderBytesListNoble(["0x", "0x1234"], "orderData.output.calls") // [Uint8Array(0), Uint8Array(2)]
 */
export function readOrderBytesListNoble(value: unknown, field: string): Uint8Array[] {
  return readArrayNoble(field, value).map((item, i) => readHexBytesNoble(`${field}[${i}]`, item));
}
