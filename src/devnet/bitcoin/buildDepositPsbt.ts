import { hex } from "@scure/base";
import { NETWORK, p2tr, Transaction } from "@scure/btc-signer";
import { toOutputScript } from "../../chains/bitcoin/toOutputScript.js";
import { outputKindOf } from "./classifyOutputScript.js";
import { devnetBitcoinFeeRate } from "./constants.js";
import { InsufficientBitcoinFundsError, InvalidBitcoinParameterError } from "./errors.js";
import { toRequestBindingScript } from "./requestBinding.js";

/** An output the user may spend: from `GET /address/:address/utxo`, with the address's script. */
export type DepositPsbtUtxo = {
  /** 64 hex digits, display order. */
  txid: string;
  vout: number;
  /** Satoshis. */
  value: bigint;
  /** The output script (P2WPKH or P2TR), hex or bytes. */
  script: string | Uint8Array;
  /**
   * For a P2TR output, the x-only internal key (64 hex digits) if known. Without it the signer adds
   * its own (BIP86 key path), as wallets do.
   */
  tapInternalKey?: string | undefined;
};

export type BuildDepositPsbtParameters = {
  /** Outputs the user can spend; the builder takes the largest first until amount and fee are covered. */
  utxos: readonly DepositPsbtUtxo[];
  /** The solver's deposit address (any standard mainnet address). */
  depositAddress: string;
  /** Satoshis to pay the deposit address. */
  amount: bigint;
  /** The request the deposit is for: 0x and 64 hex digits, carried by an OP_RETURN output. */
  requestId: string;
  /** Where the change goes (usually the user's address). */
  changeAddress: string;
  /** Fee rate in satoshis per virtual byte. Default the devnet's fixed rate (2). */
  feeRate?: bigint | undefined;
};

export type BuildDepositPsbtReturnType = {
  /** The unsigned PSBT (BIP174 v0), hex, as a quote step's `data.psbt` carries it. */
  psbt: string;
  /** The fee paid, in satoshis (the estimate at `feeRate`, plus any change too small to keep). */
  fee: bigint;
  /** Satoshis returned to `changeAddress`, 0n when no change output was worth making. */
  change: bigint;
  /** The estimated virtual size once signed (signatures counted at their largest). */
  vsize: number;
  /** The outputs spent, in input order. */
  inputs: { txid: string; vout: number; value: bigint }[];
  /** Output order: 0 pays the deposit, 1 binds the request, 2 (if any) is the change. */
  depositOutputIndex: 0;
  bindingOutputIndex: 1;
};

export type BuildDepositPsbtErrorType = InvalidBitcoinParameterError | InsufficientBitcoinFundsError;

/** Witness bytes of a spend, counted at their largest: P2WPKH `[73-byte signature, 33-byte key]`, P2TR `[64-byte signature]`. */
const witnessWeight = { v0_p2wpkh: 1 + 1 + 73 + 1 + 33, v1_p2tr: 1 + 1 + 64 } as const;
/** Outpoint 36 + empty scriptSig length 1 + sequence 4, each byte 4 weight units. */
const inputBaseWeight = 41 * 4;

const compactSizeLength = (count: number) => (count < 0xfd ? 1 : count <= 0xffff ? 3 : 5);
const outputWeight = (script: Uint8Array) => (8 + compactSizeLength(script.length) + script.length) * 4;

/**
 * Builds the unsigned PSBT of a Bitcoin deposit, as a quote from Bitcoin returns it: inputs from the
 * user's outputs (P2WPKH and P2TR, each with its `witnessUtxo`), an output paying `amount` to the
 * deposit address, an OP_RETURN output binding the request id, and the change back to the user, at a
 * fixed fee rate. Signatures with SIGHASH_ALL (or DEFAULT) commit to every output, so the binding
 * cannot be removed without invalidating the transaction.
 *
 * Selection is deterministic: largest outputs first (ties by txid and vout), until the amount and the
 * fee are covered; change below its dust threshold is left to the fee instead.
 *
 * @param parameters - {@link BuildDepositPsbtParameters}
 * @returns The PSBT and what it spends and pays. {@link BuildDepositPsbtReturnType}
 * @throws {InvalidBitcoinParameterError} For a malformed amount, request id, address or output.
 * @throws {InsufficientBitcoinFundsError} When the outputs cannot cover amount and fee.
 * @example
 * const { psbt } = buildDepositPsbt({ utxos, depositAddress, amount: 100_000n, requestId, changeAddress: user })
 */
export function buildDepositPsbt(parameters: BuildDepositPsbtParameters): BuildDepositPsbtReturnType {
  const {
    utxos,
    depositAddress,
    amount,
    requestId,
    changeAddress,
    feeRate = devnetBitcoinFeeRate,
  } = parameters;
  if (typeof amount !== "bigint" || amount <= 0n)
    throw new InvalidBitcoinParameterError({
      field: "amount",
      reason: "not-a-positive-integer",
      value: amount,
    });
  if (typeof feeRate !== "bigint" || feeRate <= 0n)
    throw new InvalidBitcoinParameterError({
      field: "feeRate",
      reason: "not-a-positive-integer",
      value: feeRate,
    });
  const depositScript = toOutputScript({ address: depositAddress });
  const depositDust = outputKindOf(depositScript).dustThreshold;
  if (amount < depositDust)
    throw new InvalidBitcoinParameterError({
      field: "amount",
      reason: "below-dust",
      value: amount,
      expected: `at least ${depositDust} satoshis for ${depositAddress}`,
    });
  const bindingScript = toRequestBindingScript({ requestId });
  const changeScript = toOutputScript({ address: changeAddress });
  const changeDust = outputKindOf(changeScript).dustThreshold;

  const candidates = utxos.map((utxo, i) => readUtxo(utxo, i));
  const seen = new Set<string>();
  candidates.forEach((candidate, i) => {
    const key = `${candidate.txid}:${candidate.vout}`;
    if (seen.has(key))
      throw new InvalidBitcoinParameterError({ field: `utxos[${i}]`, reason: "duplicate-utxo", value: key });
    seen.add(key);
  });
  candidates.sort(
    (a, b) =>
      (a.value === b.value ? 0 : a.value > b.value ? -1 : 1) ||
      a.txid.localeCompare(b.txid) ||
      a.vout - b.vout,
  );

  const feeFor = (inputs: typeof candidates, withChange: boolean) => {
    const outputs = withChange
      ? [depositScript, bindingScript, changeScript]
      : [depositScript, bindingScript];
    // Version 4 + locktime 4 + input and output counts, ×4; the segwit marker and flag weigh 1 each.
    let weight = (8 + compactSizeLength(inputs.length) + compactSizeLength(outputs.length)) * 4 + 2;
    for (const input of inputs) weight += inputBaseWeight + witnessWeight[input.type];
    for (const script of outputs) weight += outputWeight(script);
    const vsize = Math.ceil(weight / 4);
    return { vsize, fee: BigInt(vsize) * feeRate };
  };

  const selected: typeof candidates = [];
  let total = 0n;
  for (const candidate of candidates) {
    selected.push(candidate);
    total += candidate.value;
    const withChange = feeFor(selected, true);
    const change = total - amount - withChange.fee;
    if (change >= changeDust) return finish(selected, withChange.vsize, withChange.fee, change);
    const withoutChange = feeFor(selected, false);
    if (total >= amount + withoutChange.fee) return finish(selected, withoutChange.vsize, total - amount, 0n);
  }
  throw new InsufficientBitcoinFundsError({
    available: total,
    required: amount + feeFor(candidates, false).fee,
  });

  function finish(
    inputs: typeof candidates,
    vsize: number,
    fee: bigint,
    change: bigint,
  ): BuildDepositPsbtReturnType {
    const tx = new Transaction({ allowUnknownOutputs: true });
    for (const input of inputs)
      tx.addInput({
        txid: input.txid,
        index: input.vout,
        witnessUtxo: { script: input.script, amount: input.value },
        ...(input.tapInternalKey ? { tapInternalKey: hex.decode(input.tapInternalKey) } : {}),
      });
    tx.addOutput({ script: depositScript, amount });
    tx.addOutput({ script: bindingScript, amount: 0n });
    if (change > 0n) tx.addOutput({ script: changeScript, amount: change });
    return {
      psbt: hex.encode(tx.toPSBT()),
      fee,
      change,
      vsize,
      inputs: inputs.map(({ txid, vout, value }) => ({ txid, vout, value })),
      depositOutputIndex: 0,
      bindingOutputIndex: 1,
    };
  }
}

function readUtxo(utxo: DepositPsbtUtxo, i: number) {
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
  if (type !== "v0_p2wpkh" && type !== "v1_p2tr")
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
    type,
    tapInternalKey: tapInternalKey?.toLowerCase(),
  };
}

/** Whether an x-only key, tweaked with no script tree (BIP86), gives this P2TR output script. */
function isInternalKeyOf(internalKey: string, script: Uint8Array): boolean {
  if (typeof internalKey !== "string" || !/^[0-9a-fA-F]{64}$/.test(internalKey)) return false;
  try {
    return (
      hex.encode(p2tr(hex.decode(internalKey.toLowerCase()), undefined, NETWORK).script) ===
      hex.encode(script)
    );
  } catch {
    return false;
  }
}
