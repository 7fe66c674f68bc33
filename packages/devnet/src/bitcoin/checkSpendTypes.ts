import type { BitcoinPrevout } from "./bitcoinPrevout.js";
import { outputKindOf } from "./classifyOutputScript.js";
import { rejectTransaction } from "./rejectTransaction.js";

export type CheckSpendTypesParameters = {
  /** The outputs the inputs spend, in input order. */
  prevouts: readonly BitcoinPrevout[];
  /** The witness stack of each input, in input order. */
  witnesses: readonly (readonly Uint8Array[])[];
};

/**
 * The spends the devnet verifies: only P2WPKH and P2TR key-path inputs (the devnet's limit, not
 * Bitcoin's), and witness standardness as Bitcoin Core's `IsWitnessStandard` has it for taproot: a
 * stack of two items or more whose last starts with 0x50 is an annex, which relay refuses; any other
 * stack of two items or more is a script-path spend, which the devnet does not verify.
 *
 * @param parameters - {@link CheckSpendTypesParameters}
 * @throws {BitcoinTransactionRejectedError} `devnet-unsupported-input` or `bad-witness-nonstandard`.
 * @example
 * checkSpendTypes({ prevouts, witnesses })
 */
export function checkSpendTypes({ prevouts, witnesses }: CheckSpendTypesParameters): void {
  prevouts.forEach((prevout, inputIndex) => {
    const type = outputKindOf(prevout.script).type;
    if (type !== "v0_p2wpkh" && type !== "v1_p2tr")
      rejectTransaction({
        reason: "devnet-unsupported-input",
        inputIndex,
        debug: `input ${inputIndex} spends a ${type} output; only P2WPKH and P2TR key path are verified`,
      });
    const witness = witnesses[inputIndex] ?? [];
    const last = witness[witness.length - 1];
    if (type === "v1_p2tr" && witness.length >= 2 && last?.[0] === 0x50)
      rejectTransaction({ reason: "bad-witness-nonstandard", inputIndex, debug: "taproot annex" });
    if (type === "v1_p2tr" && witness.length >= 2)
      rejectTransaction({
        reason: "devnet-unsupported-input",
        inputIndex,
        debug: `input ${inputIndex} is a taproot script-path spend; only the key path is verified`,
      });
  });
}
