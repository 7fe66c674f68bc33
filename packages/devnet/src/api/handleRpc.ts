import { isPublicRpcMethod } from "./isPublicRpcMethod.js";
import { normalizeTransactionInput } from "./normalizeTransactionInput.js";
import type { ApiChain } from "./types.js";

type RpcCall = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

/** Methods after which the depository may hold a new deposit: the indexer looks at once. */
const sendMethods = new Set(["eth_sendRawTransaction", "eth_sendTransaction", "evm_mine"]);

export type HandleRpcParameters = {
  chain: ApiChain;
  /** The parsed JSON body: one call or a batch. */
  body: unknown;
  /** Pass the chain-admin methods through too (`hardhat_setBalance`, `evm_mine`, ...). Default false. */
  admin?: boolean | undefined;
};

/**
 * Forwards JSON-RPC to a devnet chain: one call or a batch, each answered with its `id`; the chain's
 * errors (code, message, data such as revert data) are passed through as JSON-RPC errors. A method
 * that changes the chain itself (see `isPublicRpcMethod`) is answered -32004 without reaching the
 * chain, unless `admin`. A transaction object carrying both `input` and `data` (Foundry's cast sends
 * both) is read as geth reads it (`normalizeTransactionInput`): one kept when they agree, geth's
 * -32000 error naming both when they differ. After a transaction is sent, the chain's depository is
 * scanned at once, so deposits are seen without waiting for the next poll.
 *
 * @param parameters - {@link HandleRpcParameters}
 * @returns The JSON-RPC response body (an array for a batch).
 * @example
 * await handleRpc({ chain, body: { jsonrpc: "2.0", id: 1, method: "eth_chainId" } }) // { jsonrpc, id: 1, result: "0x7a69" }
 */
export async function handleRpc({ chain, body, admin = false }: HandleRpcParameters): Promise<unknown> {
  if (Array.isArray(body)) {
    if (body.length === 0) return invalid(null, "Empty batch");
    return Promise.all(body.map((call) => one(chain, call, admin)));
  }
  return one(chain, body, admin);
}

async function one(chain: ApiChain, call: unknown, admin: boolean) {
  const { id = null, method, params } = (call ?? {}) as RpcCall;
  if (!call || typeof call !== "object" || typeof method !== "string") return invalid(id, "Invalid Request");
  if (!admin && !isPublicRpcMethod(method))
    return {
      jsonrpc: "2.0",
      id,
      error: {
        code: -32004,
        message: `${method} changes the chain itself: the devnet's JSON-RPC serves it only when started with --rpc-admin (rpcAdmin: true).`,
      },
    };
  const normalized = normalizeTransactionInput({ method, params: Array.isArray(params) ? params : [] });
  if ("error" in normalized) return { jsonrpc: "2.0", id, error: normalized.error };
  try {
    const result = await chain.request({ method, params: normalized.params });
    if (sendMethods.has(method)) {
      void chain.indexer.scan();
      void chain.depositAddresses.scan();
    }
    return { jsonrpc: "2.0", id, result: result ?? null };
  } catch (error) {
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
    return {
      jsonrpc: "2.0",
      id,
      error: {
        code: typeof code === "number" ? code : -32603,
        message: typeof message === "string" ? message : "Internal error",
        ...(data !== undefined ? { data } : {}),
      },
    };
  }
}

function invalid(id: unknown, message: string) {
  return { jsonrpc: "2.0", id, error: { code: -32600, message } };
}
