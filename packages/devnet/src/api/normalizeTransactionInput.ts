/**
 * The methods whose first parameter is a transaction object (geth's `TransactionArgs`), among those
 * `/rpc/<chainId>` may pass to a chain: calls, estimates, node-signed sends, access lists, traces.
 */
export const transactionObjectMethods: ReadonlySet<string> = new Set([
  "eth_call",
  "eth_estimateGas",
  "eth_sendTransaction",
  "eth_signTransaction",
  "eth_createAccessList",
  "eth_fillTransaction",
  "debug_traceCall",
]);

/** geth's answer to a transaction object whose `input` and `data` differ (`TransactionArgs.setDefaults`). */
export const inputDataMismatchMessage =
  'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data';

export type NormalizeTransactionInputParameters = {
  /** The JSON-RPC method. */
  method: string;
  /** Its parameters, as sent. */
  params: readonly unknown[];
};

export type NormalizeTransactionInputReturnType =
  | { params: unknown[] }
  /** geth's error for an `input` and a `data` that differ: -32000, the code geth gives errors without their own. */
  | { error: { code: -32000; message: string } };

/**
 * Makes a transaction object one the chain engine takes: EDR refuses an object carrying both
 * `input` and `data` ("duplicate field `data`"), which Foundry's cast sends in every `eth_call` and
 * `eth_estimateGas`. Read as geth reads `TransactionArgs` (`input` is the field's name, `data` its
 * older alias): a null one counts as absent; when both are set and equal (hex, whatever the case)
 * `input` is kept; when they differ the call is refused with geth's error naming both. Other
 * methods (see {@link transactionObjectMethods}), objects with at most one of the two, and values
 * that are not text (the chain engine answers those with its own error) pass unchanged. Pure.
 *
 * @param parameters - {@link NormalizeTransactionInputParameters}
 * @returns The parameters to send to the chain, or the error to answer instead.
 * @example
 * normalizeTransactionInput({ method: "eth_call", params: [{ to, input: "0x12", data: "0x12" }, "latest"] })
 * // { params: [{ to, input: "0x12" }, "latest"] }
 */
export function normalizeTransactionInput({
  method,
  params,
}: NormalizeTransactionInputParameters): NormalizeTransactionInputReturnType {
  const [transaction, ...rest] = params;
  if (
    !transactionObjectMethods.has(method) ||
    transaction === null ||
    typeof transaction !== "object" ||
    Array.isArray(transaction) ||
    !("input" in transaction && "data" in transaction)
  )
    return { params: [...params] };
  const { input, data, ...others } = transaction as { input: unknown; data: unknown };
  if (input === null || input === undefined) return { params: [{ ...others, data }, ...rest] };
  if (data === null || data === undefined) return { params: [{ ...others, input }, ...rest] };
  if (typeof input !== "string" || typeof data !== "string") return { params: [...params] };
  if (input.toLowerCase() !== data.toLowerCase())
    return { error: { code: -32000, message: inputDataMismatchMessage } };
  return { params: [{ ...others, input }, ...rest] };
}
