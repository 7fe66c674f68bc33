import type { OrderEncodingOptions, OrderVmType } from "../types.js";
import { encodeOrderAddressNoble } from "./encodeOrderAddressNoble.js";

/**
 * Reads an address field of an order as the bytes the order signs, by the VM of the chain it is
 * on (`encodeOrderAddressNoble`).
 *
 * @param options - The legacy Bitcoin choice (and the chains, unused here).
 * @param object - The object holding the field.
 * @param field - The field's full path (its last segment is the key read, e.g. `...fill.recipient`).
 * @param vmType - The VM of the chain the field's address is on.
 * @returns The address's bytes.
 * @throws What `encodeOrderAddressNoble` throws, naming the field.
 * @example
 * readOrderAddressNoble(options, input, "orderData.input.currency", "ethereum-vm") // 20 bytes
 */
export function readOrderAddressNoble(
  { legacyBitcoinEncoding }: OrderEncodingOptions,
  object: Record<string, unknown>,
  field: string,
  vmType: OrderVmType,
): Uint8Array {
  return encodeOrderAddressNoble({
    value: object[field.slice(field.lastIndexOf(".") + 1)],
    vmType,
    field,
    legacyBitcoinEncoding,
  });
}
