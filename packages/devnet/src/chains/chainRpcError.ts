/** A JSON-RPC error the devnet answers for a chain, with its code (`handleRpc` passes it through). */
export type ChainRpcError = Error & { code: number };

/**
 * Makes a JSON-RPC error as the chain engine throws them: an `Error` carrying a numeric `code`
 * (-32602 for invalid parameters), which `handleRpc` answers as `{ error: { code, message } }`.
 *
 * @param code - The JSON-RPC error code.
 * @param message - The message, as the engine words it.
 * @returns The error, to throw.
 * @example
 * throw chainRpcError(-32602, "blockHash cannot be found")
 */
export function chainRpcError(code: number, message: string): ChainRpcError {
  return Object.assign(new Error(message), { code });
}
