import { equalBytes } from "@noble/curves/utils.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript } from "@scure/btc-signer";
import { readNestedP2wpkh } from "./readNestedP2wpkh.js";

export type ReadWitnessProgramParameters = {
  /** The script of the output the input spends. */
  script: Uint8Array;
  /** The input's scriptSig. */
  scriptSig: Uint8Array;
};

/**
 * The script holding the witness program to verify the input's witness against (the spent output's
 * own, or the P2SH redeem script), or the script error that stops the input first.
 */
export type ReadWitnessProgramReturnType = { program: Uint8Array } | { scriptError: string };

/**
 * The witness program an input is verified against, found as Bitcoin Core's `VerifyScript` finds it:
 * a native segwit output's own program, whose scriptSig must be empty ("Witness requires empty
 * scriptSig"); or, for a P2SH output (BIP16), the redeem script its scriptSig pushes alone (BIP141:
 * "Witness requires only-redeemscript scriptSig" otherwise), whose hash160 must be the output's
 * (else the P2SH check leaves false on the stack). The devnet nests only P2WPKH (`readNestedP2wpkh`).
 *
 * @param parameters - {@link ReadWitnessProgramParameters}
 * @returns The program's script, or the script error. {@link ReadWitnessProgramReturnType}
 * @example
 * const read = readWitnessProgram({ script: prevout.script, scriptSig: input.finalScriptSig })
 * if ("program" in read) OutScript.decode(read.program) // { type: "wpkh", hash } for P2SH-P2WPKH
 */
export function readWitnessProgram({
  script,
  scriptSig,
}: ReadWitnessProgramParameters): ReadWitnessProgramReturnType {
  const decoded = OutScript.decode(script);
  if (decoded.type !== "sh")
    return scriptSig.length > 0 ? { scriptError: "Witness requires empty scriptSig" } : { program: script };
  const redeemScript = readNestedP2wpkh(scriptSig);
  if (!redeemScript) return { scriptError: "Witness requires only-redeemscript scriptSig" };
  if (!equalBytes(ripemd160(sha256(redeemScript)), decoded.hash))
    return {
      scriptError: "Script evaluated without error but finished with a false/empty top stack element",
    };
  return { program: redeemScript };
}
