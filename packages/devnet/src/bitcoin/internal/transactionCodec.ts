import { sha256 } from "@noble/hashes/sha2.js";
import { hex } from "@scure/base";
import { RawTx } from "@scure/btc-signer";
import { BitcoinTransactionRejectedError } from "../errors.js";

/** A transaction input as serialized: the outpoint (txid in display order), scriptSig and sequence. */
export type RawTransactionInput = {
  /** The spent transaction's id, in display (big-endian) byte order. */
  txid: Uint8Array;
  index: number;
  finalScriptSig: Uint8Array;
  sequence: number;
};

/** A transaction as serialized (BIP144), with one witness stack per input when `segwitFlag` is set. */
export type RawTransaction = {
  version: number;
  segwitFlag: boolean;
  inputs: RawTransactionInput[];
  outputs: { amount: bigint; script: Uint8Array }[];
  witnesses?: Uint8Array[][] | undefined;
  lockTime: number;
};

/** A decoded transaction with its ids and sizes. */
export type DecodedTransaction = {
  transaction: RawTransaction;
  /** Display-order hex of sha256d of the serialization without witness. */
  txid: string;
  /** Display-order hex of sha256d of the full serialization. */
  wtxid: string;
  /** The full serialization. */
  raw: Uint8Array;
  /** Bytes of the full serialization. */
  size: number;
  /** Bytes of the serialization without witness. */
  baseSize: number;
  /** 3 × baseSize + size (BIP141). */
  weight: number;
  /** weight / 4, rounded up. */
  vsize: number;
};

/** Double SHA-256, Bitcoin's hash for txids, block hashes and merkle nodes. */
export const sha256d = (data: Uint8Array): Uint8Array => sha256(sha256(data));

/** Display order (reversed) hex of a hash. */
export const toDisplayHex = (hash: Uint8Array): string => hex.encode(Uint8Array.from(hash).reverse());

/**
 * Serializes a transaction (with its witness when `segwitFlag` is set).
 *
 * @param transaction - The transaction.
 * @returns The bytes.
 */
export function encodeRawTransaction(transaction: RawTransaction): Uint8Array {
  return RawTx.encode(transaction as Parameters<typeof RawTx.encode>[0]);
}

/**
 * Describes a transaction: ids and sizes of its serialization.
 *
 * @param transaction - The transaction.
 * @returns The transaction with its ids and sizes.
 */
export function describeTransaction(transaction: RawTransaction): DecodedTransaction {
  const raw = encodeRawTransaction(transaction);
  const base = transaction.segwitFlag
    ? encodeRawTransaction({ ...transaction, segwitFlag: false, witnesses: undefined })
    : raw;
  const weight = base.length * 3 + raw.length;
  return {
    transaction,
    txid: toDisplayHex(sha256d(base)),
    wtxid: toDisplayHex(sha256d(raw)),
    raw,
    size: raw.length,
    baseSize: base.length,
    weight,
    vsize: Math.ceil(weight / 4),
  };
}

/**
 * Decodes one serialized transaction, refusing anything but the canonical encoding of exactly one
 * transaction (trailing bytes, non-minimal lengths, a segwit marker with only empty witnesses).
 *
 * @param raw - The serialized transaction.
 * @returns The decoded transaction. {@link DecodedTransaction}
 * @throws {BitcoinTransactionRejectedError} `TX decode failed`.
 */
export function decodeRawTransaction(raw: Uint8Array): DecodedTransaction {
  let transaction: RawTransaction;
  try {
    transaction = RawTx.decode(raw) as RawTransaction;
  } catch (error) {
    throw new BitcoinTransactionRejectedError({
      reason: "TX decode failed",
      debug: error instanceof Error ? error.message : String(error),
    });
  }
  const described = describeTransaction(transaction);
  if (hex.encode(described.raw) !== hex.encode(raw))
    throw new BitcoinTransactionRejectedError({
      reason: "TX decode failed",
      debug: "the serialization is not canonical",
    });
  return described;
}

/**
 * Reads a serialized transaction given as bytes or hex (case and surrounding whitespace ignored).
 *
 * @param raw - Bytes, or hex.
 * @returns The bytes.
 * @throws {BitcoinTransactionRejectedError} `TX decode failed` when the text is not hex.
 */
export function readTransactionBytes(raw: string | Uint8Array): Uint8Array {
  if (raw instanceof Uint8Array) return raw;
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text.length === 0 || text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text))
    throw new BitcoinTransactionRejectedError({ reason: "TX decode failed", debug: "the body is not hex" });
  return hex.decode(text.toLowerCase());
}
