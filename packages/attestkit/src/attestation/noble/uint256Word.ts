/**
 * Writes an unsigned integer as one ABI word: 32 bytes, big-endian (Solidity's `uint256`).
 *
 * @param value - An integer in `0 .. 2^256 - 1`.
 * @returns The 32-byte word.
 * @throws RangeError when `value` does not fit; callers validate first, so this is a guard.
 * @example
 * uint256Word(258n) // 30 zero bytes, then 0x01 0x02
 */
export function uint256Word(value: bigint): Uint8Array {
  if (value < 0n || value >> 256n !== 0n) throw new RangeError(`${value} does not fit in a uint256`);
  const word = new Uint8Array(32);
  let rest = value;
  for (let i = 31; i >= 0 && rest !== 0n; i--) {
    word[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return word;
}
