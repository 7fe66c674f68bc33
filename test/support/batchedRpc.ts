// A JSON-RPC request function over HTTP that sends the calls made in the same turn of the event loop
// as one batch: a check that reads many blocks at once costs a few HTTP requests, not hundreds.
import type { ChainRequest } from "../../packages/devnet/src/chains/createDevnetChains.js";

/** Most calls in one batch. */
const maxBatch = 200;

/**
 * Makes a request function for `rpcUrl` that batches: calls made before the next macrotask go out
 * together as one JSON-RPC batch (at most 200 a request); each call resolves with its result or
 * rejects with an `Error` carrying the JSON-RPC `code` and message.
 *
 * @param rpcUrl - The chain's JSON-RPC URL.
 * @returns The request function.
 * @example
 * const request = createBatchedRpc(chain.rpcUrl)
 * const [a, b] = await Promise.all([request({ method: "eth_blockNumber" }), request({ method: "eth_chainId" })])
 */
export function createBatchedRpc(rpcUrl: string): ChainRequest {
  type Pending = {
    method: string;
    params: unknown[];
    resolve: (value: unknown) => void;
    reject: (error: Error) => void;
  };
  let queue: Pending[] = [];
  const send = async (calls: Pending[]) => {
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(calls.map(({ method, params }, id) => ({ jsonrpc: "2.0", id, method, params }))),
      });
      const answers = (await response.json()) as {
        id: number;
        result?: unknown;
        error?: { code: number; message: string };
      }[];
      for (const answer of answers) {
        const call = calls[answer.id];
        if (!call) continue;
        if (answer.error)
          call.reject(
            Object.assign(new Error(`${call.method}: ${answer.error.message}`), { code: answer.error.code }),
          );
        else call.resolve(answer.result);
      }
    } catch (error) {
      for (const call of calls) call.reject(error as Error);
    }
  };
  const flush = () => {
    const calls = queue;
    queue = [];
    for (let start = 0; start < calls.length; start += maxBatch)
      void send(calls.slice(start, start + maxBatch));
  };
  return ({ method, params }) =>
    new Promise((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ method, params: [...(params ?? [])], resolve, reject });
    });
}
