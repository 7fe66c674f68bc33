import { outputKindOf } from "./classifyOutputScript.js";
import { bitcoinRules } from "./constants.js";
import type { DecodedTransaction } from "./internal/transactionCodec.js";
import { rejectTransaction } from "./rejectTransaction.js";

/**
 * The relay policy of Bitcoin Core's `IsStandardTx`, in its order: version 1 to 3; weight at most
 * 400,000; every output script standard (`outputKindOf`); at most one OP_RETURN output; no other
 * output below its dust threshold (satoshis); a size without witness of at least 65 bytes.
 *
 * @param decoded - The decoded transaction. {@link DecodedTransaction}
 * @throws {BitcoinTransactionRejectedError} `version`, `tx-size`, `scriptpubkey`, `dust`,
 * `multi-op-return` or `tx-size-small`.
 * @example
 * checkStandardTransaction(decoded)
 */
export function checkStandardTransaction(decoded: DecodedTransaction): void {
  const { transaction } = decoded;
  if (!bitcoinRules.standardVersions.includes(transaction.version))
    rejectTransaction({ reason: "version", debug: `version ${transaction.version}` });
  if (decoded.weight > bitcoinRules.maxStandardTxWeight)
    rejectTransaction({ reason: "tx-size", debug: `weight ${decoded.weight}` });
  let opReturns = 0;
  transaction.outputs.forEach((output, outputIndex) => {
    const kind = outputKindOf(output.script);
    if (!kind.standard)
      rejectTransaction({ reason: "scriptpubkey", outputIndex, debug: `output ${outputIndex}` });
    if (kind.type === "op_return") opReturns += 1;
    else if (output.amount < kind.dustThreshold)
      rejectTransaction({
        reason: "dust",
        outputIndex,
        debug: `output ${outputIndex} pays ${output.amount} < ${kind.dustThreshold} satoshis`,
      });
  });
  if (opReturns > 1) rejectTransaction({ reason: "multi-op-return" });
  if (decoded.baseSize < bitcoinRules.minStandardTxNonWitnessSize)
    rejectTransaction({ reason: "tx-size-small", debug: `${decoded.baseSize} bytes` });
}
