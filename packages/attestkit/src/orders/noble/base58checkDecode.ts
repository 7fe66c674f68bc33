import { sha256 } from "@noble/hashes/sha2.js";
import { base58Decode } from "../../attestation/noble/base58Decode.js";

/**
 * Decodes base58check text (Bitcoin legacy addresses, Tron addresses): base58 bytes whose last
 * four are the first four of `sha256(sha256(payload))`.
 *
 * @param text - The base58check text.
 * @returns The payload without its checksum, or `undefined` when the text is not valid.
 * @example
 * base58checkDecode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa") // 21 bytes: 0x00 || hash160
 */
export function base58checkDecode(text: string): Uint8Array | undefined {
  const bytes = base58Decode(text);
  if (bytes === undefined || bytes.length < 4) return undefined;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (checksum[i] !== bytes[bytes.length - 4 + i]) return undefined;
  return Uint8Array.from(payload);
}
