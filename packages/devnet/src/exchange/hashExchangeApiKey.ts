import { sha256 } from "@noble/hashes/sha2.js";
import { hex, utf8 } from "@scure/base";

/**
 * The digest the ledger keeps of an API key: sha256 of its UTF-8 bytes, 64 lower-case hex digits.
 * Keys are held and journaled only as digests, so a stored ledger never holds a key in clear.
 *
 * @param apiKey - The key as sent (`Authorization: Bearer <key>`).
 * @returns 64 hex digits.
 * @example
 * hashExchangeApiKey(devnetExchangeApiKey(1001))
 */
export function hashExchangeApiKey(apiKey: string): string {
  return hex.encode(sha256(utf8.decode(apiKey)));
}
