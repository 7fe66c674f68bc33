import { hex } from "@scure/base";
import { sha256d, toDisplayHex } from "./transactionCodec.js";

/** The six fields of an 80-byte block header. Hashes are in internal (little-endian) byte order. */
export type BlockHeaderFields = {
  version: number;
  previousHash: Uint8Array;
  merkleRoot: Uint8Array;
  /** Unix time in seconds. */
  time: number;
  /** Compact proof-of-work target. */
  bits: number;
  nonce: number;
};

/**
 * The merkle root of a block's transactions: pairs of hashes (internal byte order) hashed with
 * sha256d, the last one paired with itself on odd levels.
 *
 * @param hashes - Transaction hashes in internal byte order (txids reversed), in block order.
 * @returns The root, internal byte order.
 */
export function merkleRoot(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length === 0) return new Uint8Array(32);
  let level = hashes.slice();
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1] ?? left;
      const pair = new Uint8Array(64);
      pair.set(left, 0);
      pair.set(right, 32);
      next.push(sha256d(pair));
    }
    level = next;
  }
  return level[0] as Uint8Array;
}

/** The internal byte order of a display-order hex hash (txid or block hash). */
export const fromDisplayHex = (displayHex: string): Uint8Array => hex.decode(displayHex).reverse();

/**
 * Serializes a block header: version, previous hash, merkle root, time, bits, nonce (80 bytes, little
 * endian).
 *
 * @param fields - {@link BlockHeaderFields}
 * @returns The 80 header bytes.
 */
export function encodeBlockHeader(fields: BlockHeaderFields): Uint8Array {
  const header = new Uint8Array(80);
  const view = new DataView(header.buffer);
  view.setInt32(0, fields.version, true);
  header.set(fields.previousHash, 4);
  header.set(fields.merkleRoot, 36);
  view.setUint32(68, fields.time, true);
  view.setUint32(72, fields.bits, true);
  view.setUint32(76, fields.nonce, true);
  return header;
}

/** The display-order hex hash of a header. */
export const blockHashOf = (header: Uint8Array): string => toDisplayHex(sha256d(header));

/**
 * The target a compact `bits` value stands for: mantissa × 256^(exponent − 3).
 *
 * @param bits - Compact target.
 * @returns The target.
 */
export function targetOf(bits: number): bigint {
  const exponent = bits >>> 24;
  const mantissa = BigInt(bits & 0x007fffff);
  return exponent <= 3 ? mantissa >> BigInt(8 * (3 - exponent)) : mantissa << BigInt(8 * (exponent - 3));
}

/**
 * The difficulty of a compact target relative to the minimum difficulty, computed as Bitcoin Core's
 * `GetDifficulty` does (regtest's 0x207fffff gives 4.656542373906925e-10).
 *
 * @param bits - Compact target.
 * @returns The difficulty.
 */
export function difficultyOf(bits: number): number {
  let shift = (bits >>> 24) & 0xff;
  let difficulty = 0x0000ffff / (bits & 0x00ffffff);
  while (shift < 29) {
    difficulty *= 256;
    shift++;
  }
  while (shift > 29) {
    difficulty /= 256;
    shift--;
  }
  return difficulty;
}

/**
 * Finds the first nonce from 0 whose header hash meets the target of `bits` (proof of work; on regtest
 * about one nonce in two does).
 *
 * @param fields - The header without its nonce.
 * @returns The header with a valid nonce, its bytes and its hash.
 */
export function mineHeader(fields: Omit<BlockHeaderFields, "nonce">): {
  nonce: number;
  header: Uint8Array;
  hash: string;
} {
  const target = targetOf(fields.bits);
  for (let nonce = 0; nonce <= 0xffffffff; nonce++) {
    const header = encodeBlockHeader({ ...fields, nonce });
    const hash = blockHashOf(header);
    if (BigInt(`0x${hash}`) <= target) return { nonce, header, hash };
  }
  throw new Error(`No nonce meets bits 0x${fields.bits.toString(16)}.`);
}
