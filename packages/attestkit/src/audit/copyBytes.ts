/**
 * A copy of bytes in a buffer of their own, which can be moved to a worker thread or kept while
 * the source's buffer is reused (a Buffer's slice would share memory).
 *
 * @param bytes - The bytes.
 * @returns The copy (its buffer holds exactly these bytes). Never throws.
 * @example
 * const owned = copyBytes(view)
 * worker.postMessage(owned, [owned.buffer])
 */
export function copyBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.byteLength);
  out.set(bytes);
  return out;
}
