import { BitcoinChainReplayError } from "../errors.js";
import type { BitcoinBlock, BitcoinChainEntry } from "../types.js";
import { appendBlock } from "./appendBlock.js";
import type { BitcoinChainState } from "./bitcoinChainState.js";
import { buildCoinbase } from "./buildCoinbase.js";

export type AppendGenesisParameters = {
  /** The genesis coinbase's outputs (`planGenesisPayouts`). */
  payouts: readonly { script: Uint8Array; amount: bigint }[];
  /** The first entry of a journal being replayed; undefined for a new chain. */
  entry: BitcoinChainEntry | undefined;
};

/**
 * Appends the genesis block, its coinbase paying `payouts`, timestamped with the clock, or with the
 * journal's genesis entry's time when a journal is replayed. A journal whose first entry is not a
 * genesis, or whose genesis hash differs (other wallets or funding), is a `BitcoinChainReplayError`
 * at entry 0.
 *
 * @param state - The chain's state, with no block yet. {@link BitcoinChainState}
 * @param parameters - {@link AppendGenesisParameters}
 * @returns The genesis block. {@link BitcoinBlock}
 * @example
 * const genesis = appendGenesis(state, { payouts, entry: journal?.entries[0] })
 */
export function appendGenesis(
  state: BitcoinChainState,
  { payouts, entry }: AppendGenesisParameters,
): BitcoinBlock {
  if (entry && entry.type !== "genesis")
    throw new BitcoinChainReplayError({ entryIndex: 0, reason: `a ${entry.type} entry comes first` });
  state.replayAt = entry?.at;
  const at = state.clock();
  const genesis = appendBlock(state, {
    height: 0,
    coinbase: buildCoinbase({ height: 0, payouts, wtxids: [] }),
    included: [],
    time: Math.floor(at / 1000),
    at,
  });
  state.replayAt = undefined;
  if (entry && entry.hash !== genesis.hash)
    throw new BitcoinChainReplayError({
      entryIndex: 0,
      reason: `the genesis block is ${genesis.hash}, the journal has ${entry.hash} (other wallets or funding)`,
    });
  return genesis;
}
