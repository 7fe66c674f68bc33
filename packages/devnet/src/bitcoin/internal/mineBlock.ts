import { bitcoinRules } from "../constants.js";
import { InvalidBitcoinParameterError } from "../errors.js";
import type { BitcoinBlock } from "../types.js";
import { appendBlock } from "./appendBlock.js";
import type { BitcoinChainState, MutableRecord } from "./bitcoinChainState.js";
import { buildCoinbase } from "./buildCoinbase.js";

export type MineBlockParameters = {
  /** Output script paid the block reward. */
  minerScript: Uint8Array;
  /** Block weight limit. */
  maxBlockWeight: number;
  /** The block's timestamp (Unix seconds); default the clock, at least the median time past + 1. */
  timestamp?: number | undefined;
};

/** The block reward at a height: 50 BTC, halved every 150 blocks (regtest). */
function subsidy(height: number): bigint {
  const halvings = Math.floor(height / bitcoinRules.regtestHalvingInterval);
  return halvings >= 64 ? 0n : bitcoinRules.initialSubsidy >> BigInt(halvings);
}

/**
 * Mines one block on the tip: the mempool, oldest first, up to the first transaction that does not
 * fit in the block weight (so no child is taken without its parent), and a coinbase paying the
 * subsidy plus the fees to the miner. A timestamp not above the median time past (or past 2106) is
 * an `InvalidBitcoinParameterError`.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param parameters - {@link MineBlockParameters}
 * @returns The block. {@link BitcoinBlock}
 * @example
 * const block = mineBlock(state, { minerScript, maxBlockWeight: 4_000_000 })
 */
export function mineBlock(
  state: BitcoinChainState,
  { minerScript, maxBlockWeight, timestamp }: MineBlockParameters,
): BitcoinBlock {
  const height = state.tip().height + 1;
  const medianPast = state.tip().mediantime;
  const at = state.clock();
  const time = timestamp ?? Math.max(Math.floor(at / 1000), medianPast + 1);
  if (!Number.isSafeInteger(time) || time <= medianPast || time > 0xffffffff)
    throw new InvalidBitcoinParameterError({
      field: "timestamp",
      reason: "not-a-positive-integer",
      value: timestamp,
      expected: `a Unix time in seconds above the median time past ${medianPast}`,
    });
  // Room for the header, the transaction count and a generous coinbase.
  let weight = (80 + 5) * 4 + 4000;
  const included: MutableRecord[] = [];
  for (const record of state.mempool.values()) {
    // Stop at the first that does not fit, so no child is taken without its parent.
    if (weight + record.weight > maxBlockWeight) break;
    weight += record.weight;
    included.push(record);
  }
  const fees = included.reduce((sum, record) => sum + record.fee, 0n);
  const coinbase = buildCoinbase({
    height,
    payouts: [{ script: minerScript, amount: subsidy(height) + fees }],
    wtxids: included.map((record) => record.wtxid),
  });
  return appendBlock(state, { height, coinbase, included, time, at });
}
