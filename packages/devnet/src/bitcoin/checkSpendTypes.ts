import type { BitcoinPrevout } from "./bitcoinPrevout.js";
import { outputKindOf } from "./classifyOutputScript.js";
import { readNestedP2wpkh } from "./readNestedP2wpkh.js";
import { rejectTransaction } from "./rejectTransaction.js";

export type CheckSpendTypesParameters = {
  /** The outputs the inputs spend, in input order. */
  prevouts: readonly BitcoinPrevout[];
  /** The scriptSig of each input, in input order (a P2SH spend's names its redeem script). */
  scriptSigs: readonly Uint8Array[];
  /** The witness stack of each input, in input order. */
  witnesses: readonly (readonly Uint8Array[])[];
};

/**
 * The spends the devnet verifies: only P2WPKH (native, or nested in P2SH: a scriptSig pushing a
 * P2WPKH redeem script, `readNestedP2wpkh`) and P2TR key-path inputs (the devnet's limit, not
 * Bitcoin's), and witness standardness as Bitcoin Core's `IsWitnessStandard` has it for taproot: a
 * stack of two items or more whose last starts with 0x50 is an annex, which relay refuses; any other
 * stack of two items or more is a script-path spend, which the devnet does not verify.
 *
 * @param parameters - {@link CheckSpendTypesParameters}
 * @throws {BitcoinTransactionRejectedError} `devnet-unsupported-input` or `bad-witness-nonstandard`.
 * @example
 * checkSpendTypes({ prevouts, witnesses })
 */
export function checkSpendTypes({ prevouts, scriptSigs, witnesses }: CheckSpendTypesParameters): void {
  prevouts.forEach((prevout, inputIndex) => {
    const type = outputKindOf(prevout.script).type;
    const nested = type === "p2sh" && readNestedP2wpkh(scriptSigs[inputIndex] ?? new Uint8Array(0));
    if (type !== "v0_p2wpkh" && type !== "v1_p2tr" && !nested)
      rejectTransaction({
        reason: "devnet-unsupported-input",
        inputIndex,
        debug:
          type === "p2sh"
            ? `input ${inputIndex} spends a p2sh output whose scriptSig is not one push of a P2WPKH redeem script; only P2WPKH (native or in P2SH) and P2TR key path are verified`
            : `input ${inputIndex} spends a ${type} output; only P2WPKH (native or in P2SH) and P2TR key path are verified`,
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
