import { InvalidBitcoinParameterError } from "../errors.js";
import type { BitcoinBlock } from "../types.js";
import type { BitcoinChainState } from "./bitcoinChainState.js";
import { emitToListeners } from "./emitToListeners.js";
import { mineBlock } from "./mineBlock.js";

export type MineBlocksParameters = {
  /** Blocks to mine: 1 to 10,000. */
  count: number;
  /** Output script paid the block rewards. */
  minerScript: Uint8Array;
  /** Block weight limit. */
  maxBlockWeight: number;
  /** The first block's timestamp (Unix seconds); the others take the clock. */
  timestamp?: number | undefined;
};

/**
 * Mines `count` blocks one after the other (`mineBlock`), each holding what is left of the mempool
 * within the block weight; the block listeners hear of each block as soon as it is mined.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param parameters - {@link MineBlocksParameters}
 * @returns The blocks, oldest first. {@link BitcoinBlock}
 * @throws {InvalidBitcoinParameterError} `not-a-positive-integer` for a count outside 1 to 10,000, or
 * what `mineBlock` throws for a timestamp.
 * @example
 * const [block] = mineBlocks(state, { count: 1, minerScript, maxBlockWeight: 4_000_000 })
 */
export function mineBlocks(
  state: BitcoinChainState,
  { count, minerScript, maxBlockWeight, timestamp }: MineBlocksParameters,
): BitcoinBlock[] {
  if (!Number.isSafeInteger(count) || count < 1 || count > 10_000)
    throw new InvalidBitcoinParameterError({
      field: "count",
      reason: "not-a-positive-integer",
      value: count,
      expected: "1 to 10,000 blocks",
    });
  const mined: BitcoinBlock[] = [];
  for (let i = 0; i < count; i++) {
    const block = mineBlock(state, {
      minerScript,
      maxBlockWeight,
      timestamp: i === 0 ? timestamp : undefined,
    });
    mined.push(block);
    emitToListeners(state.blockListeners, block, "block", state.log);
  }
  return mined;
}
