import { Transaction } from "@scure/btc-signer";
import type { BitcoinPrevout } from "./bitcoinPrevout.js";
import type { DecodedTransaction } from "./internal/transactionCodec.js";
import { rejectTransaction } from "./rejectTransaction.js";
import { verifyInputWitness } from "./verifyInputWitness.js";

export type VerifyTransactionWitnessesParameters = {
  decoded: DecodedTransaction;
  /** The outputs the inputs spend, in input order: their values and scripts enter the sighashes. */
  prevouts: readonly BitcoinPrevout[];
  /** The witness stack of each input, in input order. */
  witnesses: readonly (readonly Uint8Array[])[];
};

/**
 * Verifies every input's signature ({@link verifyInputWitness}), in input order: the last check of
 * the mempool, as in Bitcoin Core, because it is the most costly. The sighashes are computed by
 * `@scure/btc-signer` over the transaction as serialized.
 *
 * @param parameters - {@link VerifyTransactionWitnessesParameters}
 * @throws {BitcoinTransactionRejectedError} The first failure's reason (`mandatory-script-verify-flag-failed`
 * or `non-mandatory-script-verify-flag`) with the script error.
 * @example
 * verifyTransactionWitnesses({ decoded, prevouts, witnesses })
 */
export function verifyTransactionWitnesses({
  decoded,
  prevouts,
  witnesses,
}: VerifyTransactionWitnessesParameters): void {
  const signer = Transaction.fromRaw(decoded.raw, {
    allowUnknownOutputs: true,
    allowUnknownInputs: true,
    allowUnknownVersion: true,
    disableScriptCheck: true,
  });
  const spent = prevouts.map(({ value, script }) => ({ value, script }));
  decoded.transaction.inputs.forEach((input, inputIndex) => {
    const failure = verifyInputWitness({
      transaction: signer,
      index: inputIndex,
      spent,
      scriptSig: input.finalScriptSig,
      witness: witnesses[inputIndex] ?? [],
    });
    if (failure)
      rejectTransaction({
        reason: failure.reason,
        scriptError: failure.scriptError,
        inputIndex,
        debug: `input ${inputIndex}`,
      });
  });
}
