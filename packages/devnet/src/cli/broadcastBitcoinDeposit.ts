import { CliError, exitCodes } from "attestkit/cli";
import { finalizePsbt } from "../bitcoin/finalizePsbt.js";
import { signPsbt } from "../bitcoin/signPsbt.js";

export type BroadcastBitcoinDepositParameters = {
  /** The deposit PSBT of the quote's step, as the step carries it (hex). */
  psbt: string;
  /** The Bitcoin test wallet's key, which signs every input. */
  privateKey: string;
  /** The devnet's Esplora-compatible API. */
  esploraUrl: string;
};

/**
 * Signs every input of a Bitcoin deposit PSBT with a test wallet, finalizes it and broadcasts it to
 * the devnet's Esplora API (`POST /tx`). A broadcast the devnet refuses is a network `CliError`
 * carrying its answer.
 *
 * @param parameters - {@link BroadcastBitcoinDepositParameters}
 * @returns The transaction id the devnet answered.
 * @example
 * const { txHash } = await broadcastBitcoinDeposit({ psbt, privateKey, esploraUrl: info.bitcoin.esploraUrl })
 */
export async function broadcastBitcoinDeposit({
  psbt,
  privateKey,
  esploraUrl,
}: BroadcastBitcoinDepositParameters): Promise<{ txHash: string }> {
  const signed = signPsbt({ psbt, privateKey }).psbt;
  const { transaction } = finalizePsbt({ psbt: signed });
  const response = await fetch(`${esploraUrl}/tx`, {
    method: "POST",
    body: transaction,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (!response.ok)
    throw new CliError(`The devnet refused the Bitcoin deposit: ${text}`, {
      exitCode: exitCodes.network,
    });
  return { txHash: text };
}
