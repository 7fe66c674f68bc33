import type { Address, Hex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import { type CallFrame, listCalls } from "./listCalls.js";

/** A transaction's sender and the calls of it that took effect, in the order they ran. */
export type TransactionCalls = { from: Address; calls: { to: Address; input: Hex }[] };

/**
 * Reads a mined transaction's sender and calls: from its trace (`debug_traceTransaction` with
 * `callTracer`, `listCalls`), so that calls a contract made are there too; when the chain cannot trace
 * it, from the transaction alone (its own call).
 *
 * @param request - The chain's JSON-RPC.
 * @param txHash - The transaction.
 * @returns Its sender and calls. {@link TransactionCalls}
 * @throws What the chain's reads throw when neither read works.
 * @example
 * const { from, calls } = await readTransactionCalls(request, txHash)
 */
export async function readTransactionCalls(request: ChainRequest, txHash: Hex): Promise<TransactionCalls> {
  try {
    const frame = (await request({
      method: "debug_traceTransaction",
      params: [txHash, { tracer: "callTracer" }],
    })) as CallFrame;
    return { from: frame.from, calls: listCalls(frame) };
  } catch {
    const tx = (await request({ method: "eth_getTransactionByHash", params: [txHash] })) as {
      from: Address;
      to: Address | null;
      input: Hex;
    };
    return { from: tx.from, calls: tx.to ? [{ to: tx.to, input: tx.input }] : [] };
  }
}
