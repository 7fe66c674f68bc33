import { BitcoinTransactionRejectedError } from "./errors.js";

/**
 * Throws the refusal a node would give; typed `never`, so a check reads as one expression
 * (`getPrevout(...) ?? rejectTransaction({...})`).
 *
 * @param args - What `BitcoinTransactionRejectedError` takes: the reason (Bitcoin Core's), and the
 * input or output at fault with a debug text.
 * @throws {BitcoinTransactionRejectedError} Always.
 * @example
 * if (inputs.length === 0) rejectTransaction({ reason: "bad-txns-vin-empty" })
 */
export function rejectTransaction(
  ...args: ConstructorParameters<typeof BitcoinTransactionRejectedError>
): never {
  throw new BitcoinTransactionRejectedError(...args);
}
