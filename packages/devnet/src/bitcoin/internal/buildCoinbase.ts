import { utf8 } from "@scure/base";
import { fromDisplayHex, merkleRoot } from "./blockCodec.js";
import { type DecodedTransaction, describeTransaction, sha256d } from "./transactionCodec.js";

export type BuildCoinbaseParameters = {
  /** Height of the block (BIP34 puts it first in the coinbase scriptSig). */
  height: number;
  /** Outputs paid: the block reward to the miner, or the genesis funding. */
  payouts: readonly { script: Uint8Array; amount: bigint }[];
  /** Display-order wtxids of the block's other transactions, in block order (for the witness commitment). */
  wtxids: readonly string[];
};

const tag = utf8.decode("/attestkit devnet/");

/** A number as the minimal script push BIP34 expects: OP_0, OP_1-OP_16, or little-endian bytes. */
function pushNumber(value: number): Uint8Array {
  if (value === 0) return Uint8Array.of(0x00);
  if (value >= 1 && value <= 16) return Uint8Array.of(0x50 + value);
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.push(rest % 256);
  // A set top bit would read as negative: add a zero byte.
  if (((bytes[bytes.length - 1] as number) & 0x80) !== 0) bytes.push(0x00);
  return Uint8Array.of(bytes.length, ...bytes);
}

/**
 * Builds a block's coinbase transaction: one input with the null prevout and a scriptSig that starts
 * with the height (BIP34), the payouts, and the BIP141 witness commitment output
 * (`OP_RETURN aa21a9ed || sha256d(witness merkle root || reserved value)`) with the 32-byte zero
 * reserved value as the coinbase witness.
 *
 * @param parameters - {@link BuildCoinbaseParameters}
 * @returns The coinbase with its ids and sizes.
 */
export function buildCoinbase({ height, payouts, wtxids }: BuildCoinbaseParameters): DecodedTransaction {
  const reserved = new Uint8Array(32);
  // The coinbase's own wtxid counts as 32 zero bytes.
  const witnessRoot = merkleRoot([new Uint8Array(32), ...wtxids.map(fromDisplayHex)]);
  const commitmentInput = new Uint8Array(64);
  commitmentInput.set(witnessRoot, 0);
  commitmentInput.set(reserved, 32);
  const commitmentScript = Uint8Array.of(0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed, ...sha256d(commitmentInput));
  const heightPush = pushNumber(height);
  return describeTransaction({
    version: 2,
    segwitFlag: true,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Uint8Array.of(...heightPush, tag.length, ...tag),
        sequence: 0xffffffff,
      },
    ],
    outputs: [
      ...payouts.map(({ script, amount }) => ({ script, amount })),
      { script: commitmentScript, amount: 0n },
    ],
    witnesses: [[reserved]],
    lockTime: 0,
  });
}
