import { equalBytes } from "@noble/curves/utils.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { hex } from "@scure/base";
import { outputKindOf } from "./classifyOutputScript.js";
import { InvalidBitcoinParameterError } from "./errors.js";

/**
 * The redeem script a P2SH output is spent with, checked: given (hex or bytes), a P2WPKH program
 * (`0014` + 20 bytes: the devnet spends P2SH only as P2SH-P2WPKH), and hashing (hash160) to the P2SH
 * output's script hash, as BIP16 requires.
 *
 * @param redeemScript - The redeem script as given; undefined when none was.
 * @param script - The P2SH output script (`a914 <20 bytes> 87`).
 * @param field - The output's field, named in the error (`utxos[i]`).
 * @returns The redeem script's bytes, or undefined when none was given.
 * @throws {InvalidBitcoinParameterError} `invalid-redeem-script` when it is not hex, not P2WPKH, or not the output's.
 * @example
 * readRedeemScript("0014751e76e8199196d454941c45d1b3a323f1433bd6", p2shScript, "utxos[0]")
 */
export function readRedeemScript(
  redeemScript: string | Uint8Array | undefined,
  script: Uint8Array,
  field: string,
): Uint8Array | undefined {
  if (redeemScript === undefined) return undefined;
  const bytes =
    redeemScript instanceof Uint8Array
      ? redeemScript
      : /^([0-9a-fA-F]{2})+$/.test(redeemScript)
        ? hex.decode(redeemScript.toLowerCase())
        : undefined;
  if (
    bytes === undefined ||
    outputKindOf(bytes).type !== "v0_p2wpkh" ||
    !equalBytes(ripemd160(sha256(bytes)), script.subarray(2, 22))
  )
    throw new InvalidBitcoinParameterError({
      field: `${field}.redeemScript`,
      reason: "invalid-redeem-script",
      value: typeof redeemScript === "string" ? redeemScript : hex.encode(redeemScript),
    });
  return bytes;
}
