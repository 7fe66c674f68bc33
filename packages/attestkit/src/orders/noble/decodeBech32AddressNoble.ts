import { bech32Decode, wordsToBytes } from "./bech32Decode.js";

/**
 * The bytes an order signs for a Bitcoin segwit address: `[version, ...program]`. The text must
 * be lowercase, of prefix `bc`, witness version 0 with a bech32 checksum (BIP 173) or 1 to 16 with
 * a bech32m checksum (BIP 350), and a program of 2 to 40 bytes (BIP 141).
 *
 * @param value - The address text (starting `bc1`).
 * @returns The bytes, or the reason the text is no such address (for InvalidOrderAddressError).
 * Never throws.
 * @example
 * decodeBech32AddressNoble("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq") // 21 bytes, 0x00e8df...
 */
export function decodeBech32AddressNoble(value: string): Uint8Array | string {
  if (value !== value.toLowerCase()) return "bech32 text must be lowercase";
  const decoded = bech32Decode(value);
  const version = decoded?.words[0];
  const valid =
    decoded !== undefined &&
    decoded.prefix === "bc" &&
    version !== undefined &&
    // Witness version 0 carries a bech32 checksum, versions 1 to 16 a bech32m checksum.
    ((decoded.variant === "bech32" && version === 0) ||
      (decoded.variant === "bech32m" && version >= 1 && version <= 16));
  if (!valid) return "not a valid bech32 (v0) or bech32m (v1-16) bc address";
  const program = wordsToBytes(decoded.words.slice(1));
  if (program === undefined) return "bad padding in the witness program";
  if (program.length < 2 || program.length > 40)
    return `witness program of ${program.length} bytes (2 to 40 allowed)`;
  const out = new Uint8Array(1 + program.length);
  out[0] = version;
  out.set(program, 1);
  return out;
}
