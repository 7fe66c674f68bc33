/**
 * Bytes of Bitcoin's CompactSize encoding of a count (a script's length, the number of inputs or
 * outputs): 1 below 0xfd, 3 up to 0xffff, else 5 (counts of 2^32 and more do not occur here).
 *
 * @param count - The count.
 * @returns 1, 3 or 5.
 * @example
 * compactSizeLength(22) // 1
 */
export function compactSizeLength(count: number): number {
  return count < 0xfd ? 1 : count <= 0xffff ? 3 : 5;
}
