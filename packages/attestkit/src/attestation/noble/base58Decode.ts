// Written out on purpose rather than imported: the reference path must share no codec with the
// viem path (which reaches base58 through a library), so that a bug in one cannot hide in both.
const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const values = new Map([...alphabet].map((char, index) => [char, BigInt(index)]));

/**
 * Decodes a base58 string (Bitcoin alphabet, as Solana addresses use): each leading `1` is one
 * leading zero byte, the remaining digits are a big-endian base-58 number written in the fewest
 * bytes.
 *
 * @param value - The base58 text.
 * @returns The decoded bytes, or `undefined` if a character is outside the alphabet.
 * @example
 * base58Decode("11111111111111111111111111111111") // 32 zero bytes
 * base58Decode("1z") // Uint8Array [0, 57]
 */
export function base58Decode(value: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < value.length && value[zeros] === "1") zeros++;
  let number = 0n;
  for (let i = zeros; i < value.length; i++) {
    const digit = values.get(value.charAt(i));
    if (digit === undefined) return undefined;
    number = number * 58n + digit;
  }
  const tail: number[] = [];
  while (number > 0n) {
    tail.push(Number(number & 0xffn));
    number >>= 8n;
  }
  const bytes = new Uint8Array(zeros + tail.length);
  bytes.set(tail.reverse(), zeros);
  return bytes;
}
