import { bitcoin } from "attestkit/chains";
import type { responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { decodeBitcoinDeposit } from "../bitcoin/decodeBitcoinDeposit.js";
import { DevnetApiError } from "../errors.js";
import type { DevnetBitcoin, DevnetContext } from "./types.js";

/** What indexing a Bitcoin transaction uses of the devnet besides the chain: the requests. */
export type IndexBitcoinTransactionDeps = Pick<DevnetContext, "store">;

export type IndexBitcoinTransactionParameters = {
  context: IndexBitcoinTransactionDeps;
  /** The devnet's Bitcoin chain (its transactions) and the solver's wallet (the deposit address). */
  bitcoin: {
    chain: Pick<DevnetBitcoin["chain"], "getTransaction">;
    solverWallet: Pick<DevnetBitcoin["solverWallet"], "p2wpkhAddress">;
  };
  /** The txid: 64 hex digits, `0x` allowed. */
  txHash: string;
};

/**
 * Answers `POST /transactions/index` for Bitcoin (8253038): 404 `TRANSACTION_NOT_FOUND` until the
 * transaction is in a block (unknown, or still in the mempool), then what it deposits to the solver's
 * address: the request its OP_RETURN binds (by its order id, or its request id), the BTC identifier, the amount and the
 * request's user. The solver takes Bitcoin deposits from the mempool by itself: indexing only reports.
 *
 * @param parameters - {@link IndexBitcoinTransactionParameters}
 * @returns The indexing answer.
 * @throws DevnetApiError 400 `INVALID_REQUEST` for a malformed txid, 404 `TRANSACTION_NOT_FOUND`.
 * @example
 * c.json(indexBitcoinTransaction({ context, bitcoin: context.bitcoin, txHash }))
 */
export function indexBitcoinTransaction({
  context,
  bitcoin: btc,
  txHash,
}: IndexBitcoinTransactionParameters) {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(txHash))
    throw new DevnetApiError({
      status: 400,
      errorCode: "INVALID_REQUEST",
      message: "txHash must be a Bitcoin txid: 64 hex digits (0x allowed).",
    });
  const txid = txHash.replace(/^0x/, "").toLowerCase();
  const record = btc.chain.getTransaction(txid);
  if (!record?.status.confirmed)
    throw new DevnetApiError({
      status: 404,
      errorCode: "TRANSACTION_NOT_FOUND",
      message: record
        ? `Transaction ${txid} is in the mempool: it is indexed once it is in a block.`
        : `Transaction ${txid} is unknown to chain ${bitcoin.chainId}.`,
    });
  const {
    requestId: bound,
    amount,
    depositOutputs,
  } = decodeBitcoinDeposit({
    transaction: record.hex,
    depositAddress: btc.solverWallet.p2wpkhAddress,
  });
  // The binding names the order (as quotes bind it) or the request: either finds the request.
  const request = bound ? context.store.findByDepositId(bound) : undefined;
  const deposits =
    depositOutputs.length > 0 && request?.originChainId === bitcoin.chainId
      ? [
          {
            requestId: request.requestId,
            currency: bitcoin.nativeCurrency,
            amount: amount.toString(),
            from: request.user,
          },
        ]
      : [];
  return {
    message: deposits.length > 0 ? "Transaction indexed" : "Transaction has no deposit",
    deposits,
  } satisfies z.input<typeof responseSchemas.transactionsIndex>;
}
