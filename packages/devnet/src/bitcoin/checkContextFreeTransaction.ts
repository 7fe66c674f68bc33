import { bitcoinRules } from "./constants.js";
import { formatBtc } from "./formatBtc.js";
import type { DecodedTransaction } from "./internal/transactionCodec.js";
import { outpointOf } from "./outpointOf.js";
import { rejectTransaction } from "./rejectTransaction.js";

const nullTxid = "00".repeat(32);

/**
 * The context-free consensus checks of Bitcoin Core's `CheckTransaction`, in its order: inputs and
 * outputs present; the size without witness within the block weight; each output and their sum at
 * most 21M BTC; no input spent twice; not a coinbase (one input spending the null outpoint), which
 * cannot be broadcast; no other input spending the null outpoint.
 *
 * @param decoded - The decoded transaction. {@link DecodedTransaction}
 * @returns The sum of the outputs, in satoshis.
 * @throws {BitcoinTransactionRejectedError} `bad-txns-vin-empty`, `bad-txns-vout-empty`,
 * `bad-txns-oversize`, `bad-txns-vout-toolarge`, `bad-txns-txouttotal-toolarge`,
 * `bad-txns-inputs-duplicate`, `coinbase` or `bad-txns-prevout-null`.
 * @example
 * const totalOut = checkContextFreeTransaction(decoded)
 */
export function checkContextFreeTransaction(decoded: DecodedTransaction): bigint {
  const { inputs, outputs } = decoded.transaction;
  if (inputs.length === 0) rejectTransaction({ reason: "bad-txns-vin-empty" });
  if (outputs.length === 0) rejectTransaction({ reason: "bad-txns-vout-empty" });
  if (decoded.baseSize * 4 > bitcoinRules.maxBlockWeight) rejectTransaction({ reason: "bad-txns-oversize" });
  let totalOut = 0n;
  outputs.forEach((output, outputIndex) => {
    if (output.amount > bitcoinRules.maxMoney)
      rejectTransaction({
        reason: "bad-txns-vout-toolarge",
        outputIndex,
        debug: `${formatBtc(output.amount)} BTC`,
      });
    totalOut += output.amount;
    if (totalOut > bitcoinRules.maxMoney)
      rejectTransaction({ reason: "bad-txns-txouttotal-toolarge", outputIndex });
  });
  const seen = new Set<string>();
  inputs.forEach((input, inputIndex) => {
    const { txid, vout } = outpointOf(input);
    const key = `${txid}:${vout}`;
    if (seen.has(key)) rejectTransaction({ reason: "bad-txns-inputs-duplicate", inputIndex, debug: key });
    seen.add(key);
  });
  const isNull = ({ txid, vout }: { txid: string; vout: number }) => txid === nullTxid && vout === 0xffffffff;
  const [first] = inputs;
  if (inputs.length === 1 && first && isNull(outpointOf(first))) rejectTransaction({ reason: "coinbase" });
  inputs.forEach((input, inputIndex) => {
    if (isNull(outpointOf(input))) rejectTransaction({ reason: "bad-txns-prevout-null", inputIndex });
  });
  return totalOut;
}
