import type { responseSchemas } from "attestkit/schemas";
import { isHex } from "viem";
import type * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { derivedRequestId } from "../solver/decidePayment.js";
import { zeroId } from "../solver/trailingTransferId.js";
import type { ApiChain, DevnetContext } from "./types.js";

/** What indexing an EVM transaction uses of the devnet: its requests and the queue of unmined transactions. */
export type IndexEvmTransactionDeps = Pick<DevnetContext, "store" | "indexQueue">;

export type IndexEvmTransactionParameters = {
  context: IndexEvmTransactionDeps;
  /** The chain the transaction was sent on. {@link ApiChain} */
  chain: ApiChain;
  /** The transaction's hash as posted (checked here). */
  txHash: string;
};

/**
 * Answers `POST /transactions/index` for an EVM chain: indexes the transaction's deposits now, or,
 * when it was sent but is not mined yet (interval mining), queues it to be indexed once it is in a
 * block. Every form of deposit is indexed (`readDepositsOfLogs`: the depository's functions, a token
 * `transfer` with the order id as the calldata's trailing 32 bytes, a plain transfer). Each deposit is
 * answered with the request its id names (an order id resolves to its request; an id no quote knows
 * becomes the id of the orphan that refunds it; a deposit that names no id, the orphan's derived id).
 *
 * @param parameters - {@link IndexEvmTransactionParameters}
 * @returns `{message, deposits}` once mined, `{message}` while queued.
 * @throws DevnetApiError 400 `INVALID_REQUEST` (not 0x and 64 hex digits), 404
 * `TRANSACTION_NOT_FOUND` (unknown to the chain), 429 `TOO_MANY_PENDING_TRANSACTIONS` with
 * `Retry-After: 1` (the queue is full).
 * @example
 * c.json(await indexEvmTransaction({ context, chain, txHash: body.txHash }))
 */
export async function indexEvmTransaction({ context, chain, txHash }: IndexEvmTransactionParameters) {
  if (!isHex(txHash) || !/^0x[0-9a-fA-F]{64}$/.test(txHash))
    throw new DevnetApiError({
      status: 400,
      errorCode: "INVALID_REQUEST",
      message: "txHash must be 0x and 64 hex digits.",
    });
  const deposits = await chain.indexer.indexTransaction(txHash);
  if (deposits === null) {
    const sent = await chain.request({ method: "eth_getTransactionByHash", params: [txHash] });
    if (!sent)
      throw new DevnetApiError({
        status: 404,
        errorCode: "TRANSACTION_NOT_FOUND",
        message: `Transaction ${txHash} is unknown to chain ${chain.chainId}.`,
      });
    if (!context.indexQueue.add(chain.chainId, txHash))
      throw new DevnetApiError({
        status: 429,
        errorCode: "TOO_MANY_PENDING_TRANSACTIONS",
        message: "Too many transactions wait for their block, retry later",
        headers: { "Retry-After": "1" },
      });
    return {
      message: "Transaction not mined yet: it will be indexed once it is in a block",
    } satisfies z.input<typeof responseSchemas.transactionsIndex>;
  }
  return {
    message: deposits.length > 0 ? "Transaction indexed" : "Transaction has no deposit",
    deposits: deposits.map((deposit) => ({
      requestId:
        context.store.findByDepositId(deposit.id)?.requestId ??
        (deposit.id === zeroId ? derivedRequestId(deposit) : deposit.id),
      currency: deposit.currency,
      amount: deposit.amount.toString(),
      from: deposit.from,
    })),
  } satisfies z.input<typeof responseSchemas.transactionsIndex>;
}
