/** An output an input spends, as the chain knows it. */
export type BitcoinPrevout = {
  /** Satoshis. */
  value: bigint;
  script: Uint8Array;
  /** Height of the block holding the output; undefined while its transaction is in the mempool. */
  height: number | undefined;
  /** Whether a coinbase transaction created it (it then matures after 100 blocks). */
  coinbase: boolean;
};
