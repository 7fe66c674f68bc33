import { hex } from "@scure/base";
import { Transaction } from "@scure/btc-signer";
import { outputKindOf } from "./classifyOutputScript.js";
import { bitcoinRules } from "./constants.js";
import { BitcoinTransactionRejectedError } from "./errors.js";
import {
  type DecodedTransaction,
  decodeRawTransaction,
  type RawTransaction,
} from "./internal/transactionCodec.js";
import { verifyInputWitness } from "./verifyInputWitness.js";

/** An output an input spends, as the chain knows it. */
export type BitcoinPrevout = {
  value: bigint;
  script: Uint8Array;
  /** Height of the block holding the output; undefined while its transaction is in the mempool. */
  height: number | undefined;
  /** Whether a coinbase transaction created it (it then matures after 100 blocks). */
  coinbase: boolean;
};

export type ValidateTransactionParameters = {
  /** The serialized transaction, or the transaction already decoded by {@link decodeRawTransaction}. */
  raw: Uint8Array | DecodedTransaction;
  /**
   * The output an input spends: an unspent output of a block or of a mempool transaction. Undefined
   * when it does not exist or a block already spends it.
   */
  getPrevout: (txid: string, vout: number) => BitcoinPrevout | undefined;
  /** The id of the mempool transaction that already spends an output, if any. */
  getMempoolSpender: (txid: string, vout: number) => string | undefined;
  /** Height of the block the transaction would enter (the tip's height + 1). */
  nextHeight: number;
  /** Median time past, in seconds, of the block at a height (used for lock times, BIP113 and BIP68). */
  medianTimePast: (height: number) => number;
  /** Minimum fee rate in satoshis per virtual byte. Default 1. */
  minRelayFeeRate?: bigint | undefined;
  /** Blocks before a coinbase output may be spent. Default 100. */
  coinbaseMaturity?: number | undefined;
};

/** A transaction the mempool accepts, with what it spends and pays. */
export type ValidatedTransaction = DecodedTransaction & {
  /** The outputs its inputs spend, in input order. */
  prevouts: BitcoinPrevout[];
  /** Inputs minus outputs, in satoshis. */
  fee: bigint;
};

export type ValidateTransactionErrorType = BitcoinTransactionRejectedError;

const nullTxid = "00".repeat(32);

const reject = (...args: ConstructorParameters<typeof BitcoinTransactionRejectedError>): never => {
  throw new BitcoinTransactionRejectedError(...args);
};

/** Satoshis as Bitcoin Core's `FormatMoney` writes BTC amounts: `0.0001`, `21.00`, `0.00`. */
export function formatBtc(satoshis: bigint): string {
  const sign = satoshis < 0n ? "-" : "";
  const abs = satoshis < 0n ? -satoshis : satoshis;
  const whole = abs / 100_000_000n;
  const fraction = (abs % 100_000_000n).toString().padStart(8, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${whole}.${fraction}`;
}

/**
 * Decides whether the mempool accepts a transaction, with Bitcoin Core's checks in Core's order and
 * Core's reject reasons:
 *
 * 1. decoding (canonical serialization only);
 * 2. context-free consensus checks: inputs and outputs present, size, amounts within 21M BTC,
 *    no duplicate input, no null prevout (a coinbase cannot be broadcast);
 * 3. relay policy: version 1-3, weight <= 400,000, standard output scripts, one OP_RETURN at most,
 *    no dust, non-witness size >= 65 bytes;
 * 4. the lock time (BIP113: against the tip's median time past);
 * 5. mempool conflicts (no replacement), then missing or spent inputs;
 * 6. relative lock times (BIP68), coinbase maturity, inputs >= outputs;
 * 7. input types: only P2WPKH and P2TR key-path spends are verified (the devnet's limit), no annex;
 * 8. the minimum relay fee rate;
 * 9. every witness signature ({@link verifyInputWitness}).
 *
 * Already-known transactions (mempool or chain) are the chain's business, not this function's.
 *
 * @param parameters - {@link ValidateTransactionParameters}
 * @returns The transaction with its prevouts and fee. {@link ValidatedTransaction}
 * @throws {BitcoinTransactionRejectedError} With the reason a node would give.
 */
export function validateTransaction(parameters: ValidateTransactionParameters): ValidatedTransaction {
  const {
    raw,
    getPrevout,
    getMempoolSpender,
    nextHeight,
    medianTimePast,
    minRelayFeeRate = bitcoinRules.minRelayFeeRate,
    coinbaseMaturity = bitcoinRules.coinbaseMaturity,
  } = parameters;
  const decoded = raw instanceof Uint8Array ? decodeRawTransaction(raw) : raw;
  const { transaction } = decoded;
  const { inputs, outputs } = transaction;
  const outpoint = (i: number) => {
    const input = inputs[i] as RawTransaction["inputs"][number];
    return { txid: hex.encode(input.txid), vout: input.index };
  };

  // 2. Context-free consensus checks (CheckTransaction).
  if (inputs.length === 0) reject({ reason: "bad-txns-vin-empty" });
  if (outputs.length === 0) reject({ reason: "bad-txns-vout-empty" });
  if (decoded.baseSize * 4 > bitcoinRules.maxBlockWeight) reject({ reason: "bad-txns-oversize" });
  let totalOut = 0n;
  outputs.forEach((output, outputIndex) => {
    if (output.amount > bitcoinRules.maxMoney)
      reject({ reason: "bad-txns-vout-toolarge", outputIndex, debug: `${formatBtc(output.amount)} BTC` });
    totalOut += output.amount;
    if (totalOut > bitcoinRules.maxMoney) reject({ reason: "bad-txns-txouttotal-toolarge", outputIndex });
  });
  const seen = new Set<string>();
  inputs.forEach((_, inputIndex) => {
    const { txid, vout } = outpoint(inputIndex);
    const key = `${txid}:${vout}`;
    if (seen.has(key)) reject({ reason: "bad-txns-inputs-duplicate", inputIndex, debug: key });
    seen.add(key);
  });
  const isNull = (i: number) => outpoint(i).txid === nullTxid && outpoint(i).vout === 0xffffffff;
  if (inputs.length === 1 && isNull(0)) reject({ reason: "coinbase" });
  inputs.forEach((_, inputIndex) => {
    if (isNull(inputIndex)) reject({ reason: "bad-txns-prevout-null", inputIndex });
  });

  // 3. Relay policy (IsStandardTx).
  if (!bitcoinRules.standardVersions.includes(transaction.version))
    reject({ reason: "version", debug: `version ${transaction.version}` });
  if (decoded.weight > bitcoinRules.maxStandardTxWeight)
    reject({ reason: "tx-size", debug: `weight ${decoded.weight}` });
  let opReturns = 0;
  outputs.forEach((output, outputIndex) => {
    const kind = outputKindOf(output.script);
    if (!kind.standard) reject({ reason: "scriptpubkey", outputIndex, debug: `output ${outputIndex}` });
    if (kind.type === "op_return") opReturns += 1;
    else if (output.amount < kind.dustThreshold)
      reject({
        reason: "dust",
        outputIndex,
        debug: `output ${outputIndex} pays ${output.amount} < ${kind.dustThreshold} satoshis`,
      });
  });
  if (opReturns > 1) reject({ reason: "multi-op-return" });
  if (decoded.baseSize < bitcoinRules.minStandardTxNonWitnessSize)
    reject({ reason: "tx-size-small", debug: `${decoded.baseSize} bytes` });

  // 4. Lock time (IsFinalTx at the next block, BIP113 median time past of the tip).
  const tipTime = medianTimePast(nextHeight - 1);
  if (transaction.lockTime !== 0) {
    const limit = transaction.lockTime < bitcoinRules.lockTimeThreshold ? nextHeight : tipTime;
    const final = transaction.lockTime < limit || inputs.every((input) => input.sequence === 0xffffffff);
    if (!final) reject({ reason: "non-final", debug: `lock time ${transaction.lockTime}` });
  }

  // 5. Conflicts with the mempool (no replacement), then inputs that do not exist or are spent.
  inputs.forEach((_, inputIndex) => {
    const { txid, vout } = outpoint(inputIndex);
    const spender = getMempoolSpender(txid, vout);
    if (spender !== undefined)
      reject({
        reason: "txn-mempool-conflict",
        inputIndex,
        debug: `${txid}:${vout} is spent by mempool transaction ${spender}`,
      });
  });
  const prevouts = inputs.map((_, inputIndex) => {
    const { txid, vout } = outpoint(inputIndex);
    return (
      getPrevout(txid, vout) ??
      reject({ reason: "bad-txns-inputs-missingorspent", inputIndex, debug: `${txid}:${vout}` })
    );
  });

  // 6. Relative lock times (BIP68, version >= 2), coinbase maturity, value in >= value out.
  if (transaction.version >= 2) {
    inputs.forEach((input, inputIndex) => {
      if (input.sequence & bitcoinRules.sequenceLockTimeDisableFlag) return;
      const coinHeight = (prevouts[inputIndex] as BitcoinPrevout).height ?? nextHeight;
      const value = input.sequence & bitcoinRules.sequenceLockTimeMask;
      const ready =
        input.sequence & bitcoinRules.sequenceLockTimeTypeFlag
          ? medianTimePast(Math.max(coinHeight - 1, 0)) + value * 512 - 1 < tipTime
          : coinHeight + value - 1 < nextHeight;
      if (!ready) reject({ reason: "non-BIP68-final", inputIndex, debug: `sequence ${input.sequence}` });
    });
  }
  let totalIn = 0n;
  prevouts.forEach((prevout, inputIndex) => {
    if (prevout.coinbase && prevout.height !== undefined && nextHeight - prevout.height < coinbaseMaturity)
      reject({
        reason: "bad-txns-premature-spend-of-coinbase",
        inputIndex,
        debug: `tried to spend coinbase at depth ${nextHeight - prevout.height}`,
      });
    totalIn += prevout.value;
  });
  if (totalIn < totalOut)
    reject({
      reason: "bad-txns-in-belowout",
      debug: `value in (${formatBtc(totalIn)}) < value out (${formatBtc(totalOut)})`,
    });

  // 7. Input types the devnet verifies, and witness standardness (no annex).
  const witnesses = transaction.witnesses ?? inputs.map(() => []);
  prevouts.forEach((prevout, inputIndex) => {
    const type = outputKindOf(prevout.script).type;
    if (type !== "v0_p2wpkh" && type !== "v1_p2tr")
      reject({
        reason: "devnet-unsupported-input",
        inputIndex,
        debug: `input ${inputIndex} spends a ${type} output; only P2WPKH and P2TR key path are verified`,
      });
    const witness = witnesses[inputIndex] ?? [];
    const last = witness[witness.length - 1];
    if (type === "v1_p2tr" && witness.length >= 2 && last?.[0] === 0x50)
      reject({ reason: "bad-witness-nonstandard", inputIndex, debug: "taproot annex" });
    if (type === "v1_p2tr" && witness.length >= 2)
      reject({
        reason: "devnet-unsupported-input",
        inputIndex,
        debug: `input ${inputIndex} is a taproot script-path spend; only the key path is verified`,
      });
  });

  // 8. Minimum relay fee.
  const fee = totalIn - totalOut;
  const minimumFee = minRelayFeeRate * BigInt(decoded.vsize);
  if (fee < minimumFee) reject({ reason: "min relay fee not met", debug: `${fee} < ${minimumFee}` });

  // 9. Signatures.
  const signer = Transaction.fromRaw(decoded.raw, {
    allowUnknownOutputs: true,
    allowUnknownInputs: true,
    allowUnknownVersion: true,
    disableScriptCheck: true,
  });
  const spent = prevouts.map(({ value, script }) => ({ value, script }));
  inputs.forEach((input, inputIndex) => {
    const failure = verifyInputWitness({
      transaction: signer,
      index: inputIndex,
      spent,
      scriptSig: input.finalScriptSig,
      witness: witnesses[inputIndex] ?? [],
    });
    if (failure)
      reject({
        reason: failure.reason,
        scriptError: failure.scriptError,
        inputIndex,
        debug: `input ${inputIndex}`,
      });
  });

  return { ...decoded, prevouts, fee };
}
