import { hex } from "@scure/base";
import { outputKindOf } from "./classifyOutputScript.js";
import { InvalidBitcoinParameterError } from "./errors.js";
import { isInternalKeyOf } from "./isInternalKeyOf.js";
import { readRedeemScript } from "./readRedeemScript.js";

/** An output the user may spend: from `GET /address/:address/utxo`, with the address's script. */
export type DepositPsbtUtxo = {
  /** 64 hex digits, display order. */
  txid: string;
  vout: number;
  /** Satoshis. */
  value: bigint;
  /** The output script (P2WPKH, P2TR, or P2SH with `redeemScript`), hex or bytes. */
  script: string | Uint8Array;
  /**
   * For a P2SH output: the P2WPKH redeem script it nests (`0014` + the key's hash160), hex or bytes;
   * it must hash to the output's script. The devnet spends P2SH outputs only as P2SH-P2WPKH.
   */
  redeemScript?: string | Uint8Array | undefined;
  /**
   * For a P2TR output, the x-only internal key (64 hex digits) if known. Without it the signer adds
   * its own (BIP86 key path), as wallets do.
   */
  tapInternalKey?: string | undefined;
};

/** A spendable output, checked and normalized: what coin selection and the PSBT's inputs are made of. */
export type DepositPsbtCandidate = {
  /** 64 lower-case hex digits, display order. */
  txid: string;
  vout: number;
  /** Satoshis. */
  value: bigint;
  script: Uint8Array;
  /** The spend types the devnet signs and verifies. */
  type: DepositSpendType;
  /** The x-only internal key, 64 lower-case hex digits, if given. */
  tapInternalKey: string | undefined;
  /** The P2WPKH redeem script of a `p2sh_p2wpkh` output. */
  redeemScript?: Uint8Array | undefined;
};

/** The spend types the devnet signs and verifies: P2WPKH, P2WPKH nested in P2SH, P2TR key path. */
export type DepositSpendType = "v0_p2wpkh" | "p2sh_p2wpkh" | "v1_p2tr";

/**
 * Checks one output the user offers to spend: a txid of 64 hex digits, a vout from 0 to 2^32 - 1, a
 * positive value in satoshis, a script (hex or bytes) that is P2WPKH, P2TR or P2SH with the P2WPKH
 * redeem script it nests (`readRedeemScript`), and, if given, a P2TR internal key that does produce
 * the script (BIP86, `isInternalKeyOf`).
 *
 * @param utxo - The output as given. {@link DepositPsbtUtxo}
 * @param i - Its index in `utxos`, named in the error's field.
 * @returns The output, normalized. {@link DepositPsbtCandidate}
 * @throws {InvalidBitcoinParameterError} `invalid-txid`, `not-a-non-negative-integer`,
 * `not-a-positive-integer`, `invalid-script`, `unsupported-script` (a P2SH output without its
 * redeem script among them), `invalid-redeem-script` or `invalid-internal-key`.
 * @example
 * readDepositUtxo({ txid, vout: 0, value: 100_000n, script: "0014…" }, 0)
 */
export function readDepositUtxo(utxo: DepositPsbtUtxo, i: number): DepositPsbtCandidate {
  const field = `utxos[${i}]`;
  if (typeof utxo.txid !== "string" || !/^[0-9a-fA-F]{64}$/.test(utxo.txid))
    throw new InvalidBitcoinParameterError({
      field: `${field}.txid`,
      reason: "invalid-txid",
      value: utxo.txid,
    });
  if (!Number.isSafeInteger(utxo.vout) || utxo.vout < 0 || utxo.vout > 0xffffffff)
    throw new InvalidBitcoinParameterError({
      field: `${field}.vout`,
      reason: "not-a-non-negative-integer",
      value: utxo.vout,
    });
  if (typeof utxo.value !== "bigint" || utxo.value <= 0n)
    throw new InvalidBitcoinParameterError({
      field: `${field}.value`,
      reason: "not-a-positive-integer",
      value: utxo.value,
    });
  let script: Uint8Array;
  if (utxo.script instanceof Uint8Array) script = utxo.script;
  else if (typeof utxo.script === "string" && /^([0-9a-fA-F]{2})+$/.test(utxo.script))
    script = hex.decode(utxo.script.toLowerCase());
  else
    throw new InvalidBitcoinParameterError({
      field: `${field}.script`,
      reason: "invalid-script",
      value: utxo.script,
    });
  const { type } = outputKindOf(script);
  const redeemScript = type === "p2sh" ? readRedeemScript(utxo.redeemScript, script, field) : undefined;
  if (type !== "v0_p2wpkh" && type !== "v1_p2tr" && !redeemScript)
    throw new InvalidBitcoinParameterError({
      field: `${field}.script`,
      reason: "unsupported-script",
      value: hex.encode(script),
    });
  const tapInternalKey = utxo.tapInternalKey;
  if (tapInternalKey !== undefined && !isInternalKeyOf(tapInternalKey, script))
    throw new InvalidBitcoinParameterError({
      field: `${field}.tapInternalKey`,
      reason: "invalid-internal-key",
      value: tapInternalKey,
    });
  return {
    txid: utxo.txid.toLowerCase(),
    vout: utxo.vout,
    value: utxo.value,
    script,
    type: redeemScript ? "p2sh_p2wpkh" : (type as "v0_p2wpkh" | "v1_p2tr"),
    tapInternalKey: tapInternalKey?.toLowerCase(),
    ...(redeemScript ? { redeemScript } : {}),
  };
}
