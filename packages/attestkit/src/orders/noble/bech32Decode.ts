// Written out rather than imported: the reference path shares no codec with the viem path, which
// reaches bech32 through @scure/base.
const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** The checksum constant of each variant: BIP 173 (bech32) and BIP 350 (bech32m). */
const constants = { bech32: 1, bech32m: 0x2bc830a3 } as const;

export type Bech32DecodeReturnType = {
  /** The human-readable part, e.g. `bc`. */
  prefix: string;
  /** The data part as 5-bit words, checksum removed. */
  words: number[];
  /** Which checksum the text carries. */
  variant: "bech32" | "bech32m";
};

function polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) checksum ^= generator[i] as number;
  }
  return checksum >>> 0;
}

/**
 * Decodes lowercase bech32 or bech32m text (BIP 173 / BIP 350): at most 90 characters, the last
 * `1` separates a non-empty prefix from at least six data characters, and the checksum over the
 * expanded prefix and the data must end in the constant of one variant.
 *
 * @param text - The text, already known to be lowercase.
 * @returns The prefix, the data words and the variant, or `undefined` when the text is not valid.
 * @example
 * bech32Decode("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4") // { prefix: "bc", words: [0, 14, ...], variant: "bech32" }
 */
export function bech32Decode(text: string): Bech32DecodeReturnType | undefined {
  if (text.length < 8 || text.length > 90) return undefined;
  const separator = text.lastIndexOf("1");
  if (separator < 1 || text.length - separator - 1 < 6) return undefined;
  const prefix = text.slice(0, separator);
  const data: number[] = [];
  for (const char of text.slice(separator + 1)) {
    const value = charset.indexOf(char);
    if (value < 0) return undefined;
    data.push(value);
  }
  // The prefix expands to its high bits, a zero, then its low bits (BIP 173).
  const expanded: number[] = [];
  for (let i = 0; i < prefix.length; i++) expanded.push(prefix.charCodeAt(i) >> 5);
  expanded.push(0);
  for (let i = 0; i < prefix.length; i++) expanded.push(prefix.charCodeAt(i) & 31);
  const residue = polymod([...expanded, ...data]);
  const variant =
    residue === constants.bech32 ? "bech32" : residue === constants.bech32m ? "bech32m" : undefined;
  if (variant === undefined) return undefined;
  return { prefix, words: data.slice(0, -6), variant };
}

/**
 * Regroups 5-bit words into bytes, strictly: fewer than 5 leftover bits, all of them zero.
 *
 * @param words - 5-bit words.
 * @returns The bytes, or `undefined` for excess or non-zero padding.
 * @example
 * wordsToBytes([0, 0]) // Uint8Array [0]
 */
export function wordsToBytes(words: readonly number[]): Uint8Array | undefined {
  const out: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const word of words) {
    accumulator = ((accumulator << 5) | word) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((accumulator >> bits) & 0xff);
    }
  }
  if (bits >= 5) return undefined;
  if ((accumulator << (8 - bits)) & 0xff) return undefined;
  return Uint8Array.from(out);
}
