/** Mempool transactions `GET /address/:address/txs` (and `/txs/mempool`) returns at most, as Esplora. */
export const esploraMempoolPage = 50;

/** Confirmed transactions per page of `/address/:address/txs/chain` and `/block/:hash/txs`, as Esplora. */
export const esploraChainPage = 25;
