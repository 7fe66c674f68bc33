import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js";
import { equalBytes } from "@noble/curves/utils.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript, type Transaction } from "@scure/btc-signer";
import type { BitcoinRejectReason } from "./errors.js";
import { readWitnessProgram } from "./readWitnessProgram.js";

/** The output an input spends: its value and script. */
export type SpentOutput = { value: bigint; script: Uint8Array };

export type VerifyInputWitnessParameters = {
  /** The spending transaction, parsed by `@scure/btc-signer` (its sighash functions are used). */
  transaction: Transaction;
  /** Which input to check. */
  index: number;
  /** The outputs every input spends, in input order (BIP341 commits to all of them). */
  spent: readonly SpentOutput[];
  /** The input's scriptSig. */
  scriptSig: Uint8Array;
  /** The input's witness stack. */
  witness: readonly Uint8Array[];
};

/** Undefined when the witness is valid; otherwise the reject reason and the script error text. */
export type VerifyInputWitnessReturnType = { reason: BitcoinRejectReason; scriptError: string } | undefined;

const mandatory = (scriptError: string) =>
  ({ reason: "mandatory-script-verify-flag-failed", scriptError }) as const;
const policy = (scriptError: string) =>
  ({ reason: "non-mandatory-script-verify-flag", scriptError }) as const;

const hash160 = (data: Uint8Array) => ripemd160(sha256(data));

/**
 * BIP66 strict DER, as Bitcoin Core's `IsValidSignatureEncoding` checks it: the signature with its
 * trailing hash-type byte is `0x30 len 0x02 lenR R 0x02 lenS S hashtype`, each integer positive and
 * minimally encoded.
 */
function isStrictDer(sig: Uint8Array): boolean {
  const at = (i: number) => sig[i] as number;
  if (sig.length < 9 || sig.length > 73) return false;
  if (at(0) !== 0x30 || at(1) !== sig.length - 3) return false;
  const lenR = at(3);
  if (5 + lenR >= sig.length) return false;
  const lenS = at(5 + lenR);
  if (lenR + lenS + 7 !== sig.length) return false;
  if (at(2) !== 0x02 || lenR === 0 || at(4) & 0x80) return false;
  if (lenR > 1 && at(4) === 0x00 && !(at(5) & 0x80)) return false;
  if (at(lenR + 4) !== 0x02 || lenS === 0 || at(lenR + 6) & 0x80) return false;
  if (lenS > 1 && at(lenR + 6) === 0x00 && !(at(lenR + 7) & 0x80)) return false;
  return true;
}

/** ALL, NONE, SINGLE, each with or without ANYONECANPAY. */
const isDefinedHashType = (hashType: number) => {
  const base = hashType & ~0x80;
  return base >= 0x01 && base <= 0x03;
};

/**
 * Checks the witness of one input the way Bitcoin Core's script interpreter does for the two input
 * types the devnet verifies:
 *
 * - P2WPKH (BIP143): empty scriptSig (or, nested in P2SH, one push of the redeem script whose hash is
 *   the output's: `readWitnessProgram`), exactly `[signature, public key]`, the key hashes to the program,
 *   a strict-DER ECDSA signature over the BIP143 sighash (computed by `@scure/btc-signer`).
 *   Consensus failures are `mandatory-script-verify-flag-failed`; a valid signature that breaks only
 *   relay policy (high s, undefined hash type, uncompressed key) is `non-mandatory-script-verify-flag`.
 * - P2TR key path (BIP341): empty scriptSig, one 64-byte (SIGHASH_DEFAULT) or 65-byte signature, a
 *   BIP340 Schnorr signature by the output key over the BIP341 sighash. All failures are consensus.
 *
 * Script-path spends, other input types and annexes are refused before this function is reached.
 *
 * @param parameters - {@link VerifyInputWitnessParameters}
 * @returns Undefined when valid, else the reason. {@link VerifyInputWitnessReturnType}
 */
export function verifyInputWitness({
  transaction,
  index,
  spent,
  scriptSig,
  witness,
}: VerifyInputWitnessParameters): VerifyInputWitnessReturnType {
  const prevout = spent[index];
  if (!prevout) return mandatory("Input index out of range");
  // A P2SH-P2WPKH input is verified as P2WPKH against the redeem script its scriptSig pushes.
  const read = readWitnessProgram({ script: prevout.script, scriptSig });
  if ("scriptError" in read) return mandatory(read.scriptError);
  const decoded = OutScript.decode(read.program);
  if (witness.length === 0) return mandatory("Witness program was passed an empty witness");

  if (decoded.type === "wpkh") {
    if (witness.length !== 2) return mandatory("Witness program hash mismatch");
    const [sig, publicKey] = witness as [Uint8Array, Uint8Array];
    if (!equalBytes(hash160(publicKey), decoded.hash))
      return mandatory("Script failed an OP_EQUALVERIFY operation");
    if (sig.length === 0)
      return mandatory("Script evaluated without error but finished with a false/empty top stack element");
    if (!isStrictDer(sig)) return mandatory("Non-canonical DER signature");
    const hashType = sig[sig.length - 1] as number;
    let signature: ReturnType<typeof secp256k1.Signature.fromBytes> | undefined;
    try {
      signature = secp256k1.Signature.fromBytes(sig.subarray(0, -1), "der");
    } catch {
      signature = undefined;
    }
    // The first relay-policy rule the interpreter would break, in its order of checks.
    const compressed = publicKey.length === 33 && (publicKey[0] === 0x02 || publicKey[0] === 0x03);
    const uncompressed = publicKey.length === 65 && publicKey[0] === 0x04;
    const policyError = signature?.hasHighS()
      ? "Non-canonical signature: S value is unnecessarily high"
      : !isDefinedHashType(hashType)
        ? "Signature hash type missing or not understood"
        : !compressed && !uncompressed
          ? "Public key is neither compressed or uncompressed"
          : !compressed
            ? "Using non-compressed keys in segwit"
            : undefined;
    let valid = false;
    if (signature) {
      try {
        const scriptCode = OutScript.encode({ type: "pkh", hash: decoded.hash });
        const sighash = transaction.preimageWitnessV0(index, scriptCode, hashType, prevout.value);
        // Consensus accepts a high s (the policy check above reports it), so verify without lowS.
        valid = secp256k1.verify(signature.toBytes("compact"), sighash, publicKey, {
          prehash: false,
          lowS: false,
        });
      } catch {
        valid = false;
      }
    }
    if (!valid)
      return mandatory(policyError ?? "Signature must be zero for failed CHECK(MULTI)SIG operation");
    return policyError ? policy(policyError) : undefined;
  }

  if (decoded.type === "tr") {
    const last = witness[witness.length - 1] as Uint8Array;
    if (witness.length >= 2 && last[0] === 0x50)
      return { reason: "bad-witness-nonstandard", scriptError: "taproot annex is not relayed" };
    if (witness.length >= 2)
      return {
        reason: "devnet-unsupported-input",
        scriptError: "taproot script-path spends are not verified",
      };
    const sig = witness[0] as Uint8Array;
    if (sig.length !== 64 && sig.length !== 65) return mandatory("Invalid Schnorr signature size");
    const hashType = sig.length === 65 ? (sig[64] as number) : 0x00;
    if (sig.length === 65 && (hashType === 0x00 || !isDefinedHashType(hashType)))
      return mandatory("Invalid Schnorr signature hash type");
    let sighash: Uint8Array;
    try {
      sighash = transaction.preimageWitnessV1(
        index,
        spent.map((output) => output.script),
        hashType,
        spent.map((output) => output.value),
      );
    } catch {
      // SIGHASH_SINGLE without an output at the input's index has no BIP341 digest.
      return mandatory("Invalid Schnorr signature hash type");
    }
    let valid: boolean;
    try {
      valid = schnorr.verify(sig.subarray(0, 64), sighash, decoded.pubkey);
    } catch {
      valid = false;
    }
    return valid ? undefined : mandatory("Invalid Schnorr signature");
  }

  return { reason: "devnet-unsupported-input", scriptError: `${decoded.type} inputs are not verified` };
}
