/**
 * Left-pads bytes with zeros to one 32-byte ABI word, as `bytes32(uint256(uint160(addr)))` does
 * for a 20-byte address.
 *
 * @param bytes - At most 32 bytes.
 * @returns A new 32-byte word with `bytes` in its last `bytes.length` bytes.
 * @throws RangeError when `bytes` is longer than 32.
 * @example
 * leftPadWord(Uint8Array.of(1)) // 31 zero bytes, then 0x01
 */
export function leftPadWord(bytes: Uint8Array): Uint8Array {
  if (bytes.length > 32) throw new RangeError(`${bytes.length} bytes do not fit in a 32-byte word`);
  const word = new Uint8Array(32);
  word.set(bytes, 32 - bytes.length);
  return word;
}
