import { BitcoinPsbtError, type BitcoinPsbtErrorType } from "./errors.js";
import { readPsbt } from "./signPsbt.js";

export type FinalizePsbtParameters = {
  /** A signed PSBT: hex, base64 or bytes. */
  psbt: string | Uint8Array;
};

export type FinalizePsbtReturnType = {
  /** The network serialization, hex: the body of Esplora's `POST /tx`. */
  transaction: string;
  txid: string;
};

export type FinalizePsbtErrorType = BitcoinPsbtErrorType;

/**
 * Finalizes every input of a signed PSBT (moves signatures into the witnesses) and extracts the
 * transaction, ready to broadcast.
 *
 * @param parameters - {@link FinalizePsbtParameters}
 * @returns The raw transaction and its id. {@link FinalizePsbtReturnType}
 * @throws {BitcoinPsbtError} `invalid-psbt`, or `not-finalizable` when an input is not signed.
 * @example
 * const { transaction } = finalizePsbt({ psbt: signPsbt({ psbt, privateKey }).psbt })
 * await fetch(`${devnet}/bitcoin/api/tx`, { method: "POST", body: transaction })
 */
export function finalizePsbt({ psbt }: FinalizePsbtParameters): FinalizePsbtReturnType {
  const tx = readPsbt(psbt);
  try {
    tx.finalize();
    return { transaction: tx.hex, txid: tx.id };
  } catch (error) {
    throw new BitcoinPsbtError({ reason: "not-finalizable", cause: error });
  }
}
