import type { BitcoinBlock } from "../types.js";
import {
  type BitcoinPrevout,
  type ValidatedTransaction,
  validateTransaction,
} from "../validateTransaction.js";
import { type BitcoinChainState, outpointKey } from "./bitcoinChainState.js";
import type { DecodedTransaction } from "./transactionCodec.js";

export type CheckMempoolAcceptParameters = {
  /** Minimum relay fee rate, satoshis per virtual byte. */
  minRelayFeeRate: bigint;
  /** Blocks before a coinbase output may be spent. */
  coinbaseMaturity: number;
};

/**
 * Validates a transaction against the chain as it is (`validateTransaction`): what it spends is an
 * output of a block or of a mempool transaction that no block spends (an `OP_RETURN` output is never
 * spendable; a genesis output is not a coinbase's, so it is spendable at once), a conflict is a
 * mempool spender of the same output, and lock times count from the next block.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param raw - The serialized or decoded transaction.
 * @param parameters - {@link CheckMempoolAcceptParameters}
 * @returns The transaction with its prevouts and fee. {@link ValidatedTransaction}
 * @throws {BitcoinTransactionRejectedError} With the reason a node would give.
 * @example
 * const accepted = checkMempoolAccept(state, decoded, { minRelayFeeRate: 1n, coinbaseMaturity: 100 })
 */
export function checkMempoolAccept(
  state: BitcoinChainState,
  raw: Uint8Array | DecodedTransaction,
  { minRelayFeeRate, coinbaseMaturity }: CheckMempoolAcceptParameters,
): ValidatedTransaction {
  const { blocks, records, spends, mempool } = state;
  const getPrevout = (txid: string, vout: number): BitcoinPrevout | undefined => {
    const record = records.get(txid);
    const output = record?.transaction.outputs[vout];
    if (!record || !output || output.script[0] === 0x6a) return undefined;
    const spender = spends.get(outpointKey(txid, vout));
    if (spender && records.get(spender.txid)?.status.confirmed) return undefined;
    const height = record.status.confirmed ? record.status.blockHeight : undefined;
    return { value: output.amount, script: output.script, height, coinbase: record.coinbase && height !== 0 };
  };
  const getMempoolSpender = (txid: string, vout: number): string | undefined => {
    const spender = spends.get(outpointKey(txid, vout));
    return spender && mempool.has(spender.txid) ? spender.txid : undefined;
  };
  const medianTimePast = (height: number): number => {
    const block = blocks[Math.min(Math.max(height, 0), blocks.length - 1)] as BitcoinBlock;
    return block.mediantime;
  };
  return validateTransaction({
    raw,
    getPrevout,
    getMempoolSpender,
    nextHeight: state.tip().height + 1,
    medianTimePast,
    minRelayFeeRate,
    coinbaseMaturity,
  });
}
