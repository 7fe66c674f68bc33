import type { BitcoinPrevout } from "./bitcoinPrevout.js";
import type { RawTransactionInput } from "./internal/transactionCodec.js";
import { outpointOf } from "./outpointOf.js";
import { rejectTransaction } from "./rejectTransaction.js";

export type ReadSpentPrevoutsParameters = {
  inputs: readonly RawTransactionInput[];
  /** The unspent output an input spends; undefined when it does not exist or a block spends it. */
  getPrevout: (txid: string, vout: number) => BitcoinPrevout | undefined;
  /** The id of the mempool transaction that already spends an output, if any. */
  getMempoolSpender: (txid: string, vout: number) => string | undefined;
};

/**
 * The outputs a transaction spends, after Bitcoin Core's mempool checks in its order: first no input
 * may spend an output a mempool transaction spends (the devnet replaces nothing), then every input's
 * output must exist unspent.
 *
 * @param parameters - {@link ReadSpentPrevoutsParameters}
 * @returns The spent outputs, in input order. {@link BitcoinPrevout}
 * @throws {BitcoinTransactionRejectedError} `txn-mempool-conflict` or `bad-txns-inputs-missingorspent`.
 * @example
 * const prevouts = readSpentPrevouts({ inputs, getPrevout, getMempoolSpender })
 */
export function readSpentPrevouts({
  inputs,
  getPrevout,
  getMempoolSpender,
}: ReadSpentPrevoutsParameters): BitcoinPrevout[] {
  inputs.forEach((input, inputIndex) => {
    const { txid, vout } = outpointOf(input);
    const spender = getMempoolSpender(txid, vout);
    if (spender !== undefined)
      rejectTransaction({
        reason: "txn-mempool-conflict",
        inputIndex,
        debug: `${txid}:${vout} is spent by mempool transaction ${spender}`,
      });
  });
  return inputs.map((input, inputIndex) => {
    const { txid, vout } = outpointOf(input);
    return (
      getPrevout(txid, vout) ??
      rejectTransaction({ reason: "bad-txns-inputs-missingorspent", inputIndex, debug: `${txid}:${vout}` })
    );
  });
}
