import type { Hex } from "viem";

export type RenderRequestTransactionParameters = {
  txHash: Hex;
  chainId: number;
  /** The block, when the devnet knows it (the indexed deposit); left out when undefined or null. */
  block?: number | null | undefined;
};

/**
 * One transaction of `data.inTxs` / `data.outTxs` of a `GET /requests/v3` entry: an on-chain
 * transaction that succeeded (the devnet lists only mined ones), with no decoded data or state
 * changes (it records none).
 *
 * @param entry - {@link RenderRequestTransactionParameters}
 * @returns `{txHash, chainId, block?, type, status, data, stateChanges}`.
 * @example
 * deposits.map(renderRequestTransaction)
 */
export function renderRequestTransaction(entry: RenderRequestTransactionParameters) {
  return {
    txHash: entry.txHash,
    chainId: entry.chainId,
    ...(entry.block !== undefined && entry.block !== null ? { block: entry.block } : {}),
    type: "onchain",
    status: "success",
    data: {},
    stateChanges: [],
  };
}
