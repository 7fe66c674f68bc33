import type { Hex } from "viem";

/**
 * Bytes as `0x`-prefixed lowercase hex, through Node's hex encoder (no copy: the Buffer is a view
 * of the same memory), the fastest way there is in Node for the hashes of every entry.
 *
 * @param bytes - The bytes.
 * @returns The hex. Never throws.
 * @example
 * hexOfBytes(new Uint8Array([1, 255])) // "0x01ff"
 */
export function hexOfBytes(bytes: Uint8Array): Hex {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;
}
