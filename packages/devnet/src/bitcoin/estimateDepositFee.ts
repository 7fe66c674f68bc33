import { compactSizeLength } from "./compactSizeLength.js";
import type { DepositPsbtCandidate } from "./readDepositUtxo.js";

/**
 * Witness bytes of a spend, counted at their largest: P2WPKH (native or nested in P2SH) `[73-byte
 * signature, 33-byte key]`, P2TR `[64-byte signature]`.
 */
const witnessWeight = {
  v0_p2wpkh: 1 + 1 + 73 + 1 + 33,
  p2sh_p2wpkh: 1 + 1 + 73 + 1 + 33,
  v1_p2tr: 1 + 1 + 64,
} as const;
/**
 * ScriptSig bytes of a spend, 4 weight units each: empty for native segwit; P2SH-P2WPKH pushes its
 * 22-byte redeem script (`0x16` + `0014` + 20 bytes).
 */
const scriptSigWeight = { v0_p2wpkh: 0, p2sh_p2wpkh: 23 * 4, v1_p2tr: 0 } as const;
/** Outpoint 36 + scriptSig length 1 + sequence 4, each byte 4 weight units. */
const inputBaseWeight = 41 * 4;

export type EstimateDepositFeeParameters = {
  /** The inputs, each with its spend type. */
  inputs: readonly Pick<DepositPsbtCandidate, "type">[];
  /** The output scripts. */
  outputs: readonly Uint8Array[];
  /** Satoshis per virtual byte. */
  feeRate: bigint;
};

/**
 * The virtual size of a segwit transaction once signed (BIP141 weight: non-witness bytes count 4,
 * witness bytes 1; signatures counted at their largest, so the fee never falls short) and its fee at
 * the rate.
 *
 * @param parameters - {@link EstimateDepositFeeParameters}
 * @returns `vsize` in virtual bytes (weight / 4, rounded up) and `fee` in satoshis (vsize × feeRate).
 * @example
 * estimateDepositFee({ inputs: [{ type: "v0_p2wpkh" }], outputs: [depositScript, bindingScript], feeRate: 2n })
 */
export function estimateDepositFee({ inputs, outputs, feeRate }: EstimateDepositFeeParameters): {
  vsize: number;
  fee: bigint;
} {
  // Version 4 + locktime 4 + input and output counts, ×4; the segwit marker and flag weigh 1 each.
  let weight = (8 + compactSizeLength(inputs.length) + compactSizeLength(outputs.length)) * 4 + 2;
  for (const input of inputs)
    weight += inputBaseWeight + scriptSigWeight[input.type] + witnessWeight[input.type];
  // Each output: amount 8, script length, script.
  for (const script of outputs) weight += (8 + compactSizeLength(script.length) + script.length) * 4;
  const vsize = Math.ceil(weight / 4);
  return { vsize, fee: BigInt(vsize) * feeRate };
}
