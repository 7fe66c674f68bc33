import { hex } from "@scure/base";
import { toOutputScript } from "attestkit/chains";
import {
  AmbiguousDepositBindingError,
  type AmbiguousDepositBindingErrorType,
  type BitcoinTransactionRejectedErrorType,
} from "./errors.js";
import { decodeRawTransaction, readTransactionBytes } from "./internal/transactionCodec.js";
import { readRequestBinding } from "./requestBinding.js";

export type DecodeBitcoinDepositParameters = {
  /** The serialized transaction, hex or bytes. */
  transaction: string | Uint8Array;
  /** The solver's deposit address the transaction is meant to pay. */
  depositAddress: string;
};

export type DecodeBitcoinDepositReturnType = {
  txid: string;
  /** The request the transaction is bound to, or undefined when it carries no binding output. */
  requestId: `0x${string}` | undefined;
  /** Satoshis paid to the deposit address, over all its outputs. */
  amount: bigint;
  /** Indexes of the outputs paying the deposit address. */
  depositOutputs: number[];
};

export type DecodeBitcoinDepositErrorType =
  | AmbiguousDepositBindingErrorType
  | BitcoinTransactionRejectedErrorType;

/**
 * Reads what a Bitcoin deposit carries for the solver: the request id of its binding output
 * (`OP_RETURN` pushing the 32-byte request id) and the amount paid to the deposit address.
 *
 * @param parameters - {@link DecodeBitcoinDepositParameters}
 * @returns Request id and amount. {@link DecodeBitcoinDepositReturnType}
 * @throws {AmbiguousDepositBindingError} When more than one output binds a request.
 * @example
 * const { requestId, amount } = decodeBitcoinDeposit({ transaction: record.hex, depositAddress })
 */
export function decodeBitcoinDeposit({
  transaction,
  depositAddress,
}: DecodeBitcoinDepositParameters): DecodeBitcoinDepositReturnType {
  const decoded = decodeRawTransaction(readTransactionBytes(transaction));
  const depositScript = hex.encode(toOutputScript({ address: depositAddress }));
  const bindings: { index: number; requestId: `0x${string}` }[] = [];
  const depositOutputs: number[] = [];
  let amount = 0n;
  decoded.transaction.outputs.forEach((output, index) => {
    const requestId = readRequestBinding(output.script);
    if (requestId) bindings.push({ index, requestId });
    if (hex.encode(output.script) === depositScript) {
      depositOutputs.push(index);
      amount += output.amount;
    }
  });
  if (bindings.length > 1)
    throw new AmbiguousDepositBindingError({ outputIndexes: bindings.map((binding) => binding.index) });
  return { txid: decoded.txid, requestId: bindings[0]?.requestId, amount, depositOutputs };
}
