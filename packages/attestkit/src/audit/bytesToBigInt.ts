/**
 * Reads bytes as one unsigned big-endian integer, through Node's hex encoder (faster than a byte
 * loop of bigint steps, and no copy: the Buffer is a view of the same memory).
 *
 * @param bytes - Any number of bytes (a scalar or a digest: 32).
 * @returns The integer; 0n for no bytes is not a case here (callers pass 32 bytes). Never throws
 * for a non-empty array.
 * @example
 * bytesToBigInt(rs.subarray(0, 32)) // r
 */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`);
}
