import type { LegacyBitcoinEncoding } from "../types.js";
import { decodeBech32AddressNoble } from "./decodeBech32AddressNoble.js";
import { encodeLegacyBitcoinAddressNoble } from "./encodeLegacyBitcoinAddressNoble.js";

/**
 * The bytes an order signs for a Bitcoin address, by its form: segwit `bc1...`
 * (`decodeBech32AddressNoble`) or legacy `1...` / `3...` (`encodeLegacyBitcoinAddressNoble`,
 * under the caller's named encoding).
 *
 * @param value - The address text.
 * @param field - The order field, for errors.
 * @param legacyBitcoinEncoding - The encoding a legacy address was signed with, if named.
 * @returns The bytes, or the reason the text is no Bitcoin address (for InvalidOrderAddressError).
 * @throws What `encodeLegacyBitcoinAddressNoble` throws for a legacy address without a valid choice.
 * @example
 * encodeBitcoinAddressNoble("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "f", undefined) // 21 bytes
 */
export function encodeBitcoinAddressNoble(
  value: string,
  field: string,
  legacyBitcoinEncoding: LegacyBitcoinEncoding | undefined,
): Uint8Array | string {
  if (value.startsWith("bc1")) return decodeBech32AddressNoble(value);
  if (value.startsWith("1") || value.startsWith("3"))
    return encodeLegacyBitcoinAddressNoble(value, field, legacyBitcoinEncoding);
  return "neither bc1 (bech32/bech32m) nor legacy 1.../3...";
}
