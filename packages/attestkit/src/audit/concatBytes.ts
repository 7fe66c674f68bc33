/**
 * Joins chunks of bytes; a single chunk comes back as it is (no copy).
 *
 * @param chunks - The chunks, in order.
 * @param length - Their total length in bytes.
 * @returns The bytes, in one array. Never throws.
 * @example
 * const all = concatBytes(pending, pendingBytes)
 */
export function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
