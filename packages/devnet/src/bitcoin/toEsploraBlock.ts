import type { BitcoinBlock } from "./types.js";

/** Esplora's block shape (`GET /block/:hash`, `GET /blocks`). */
export type EsploraBlock = {
  id: string;
  height: number;
  version: number;
  timestamp: number;
  tx_count: number;
  size: number;
  weight: number;
  merkle_root: string;
  /** Null for the genesis block. */
  previousblockhash: string | null;
  mediantime: number;
  nonce: number;
  bits: number;
  difficulty: number;
};

/**
 * A block in Esplora's shape.
 *
 * @param block - The chain's block.
 * @returns The block. {@link EsploraBlock}
 */
export function toEsploraBlock(block: BitcoinBlock): EsploraBlock {
  return {
    id: block.hash,
    height: block.height,
    version: block.version,
    timestamp: block.timestamp,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: block.merkleRoot,
    previousblockhash: block.previousBlockHash,
    mediantime: block.mediantime,
    nonce: block.nonce,
    bits: block.bits,
    difficulty: block.difficulty,
  };
}
