import { bitcoin } from "attestkit/chains";
import type { Hono } from "hono";
import { DevnetApiError } from "../errors.js";
import { handleSameChainTransaction } from "./handleSameChainTransaction.js";
import { indexBitcoinTransaction } from "./indexBitcoinTransaction.js";
import { indexEvmTransaction } from "./indexEvmTransaction.js";
import { keepKnownFields } from "./keepKnownFields.js";
import { readJsonBody } from "./readJsonBody.js";
import type { DevnetContext } from "./types.js";
import { validateApiRequest } from "./validateApiRequest.js";

/** What the transaction routes use of the devnet: its requests, chains, Bitcoin chain and index queue. */
export type TransactionRoutesDeps = Pick<DevnetContext, "store" | "chains" | "bitcoin" | "indexQueue">;

/**
 * Adds the endpoints a caller reports its transactions to:
 *
 * - `POST /transactions/single`: the official SDK's report of a same-chain (self-executed)
 *   transaction (`handleSameChainTransaction`);
 * - `POST /transactions/index` `{chainId, txHash}`: indexes a deposit now rather than at the next
 *   scan, on the Bitcoin chain (`indexBitcoinTransaction`) or an EVM chain (`indexEvmTransaction`).
 *   Like the live service, unknown fields are ignored; 400 `{message, errorCode}` for a body the
 *   schema refuses, 400 `UNSUPPORTED_CHAIN` for a chain the devnet does not run.
 *
 * @param app - The devnet's app.
 * @param context - {@link TransactionRoutesDeps}
 * @example
 * registerTransactionRoutes(app, context)
 */
export function registerTransactionRoutes(app: Hono, context: TransactionRoutesDeps): void {
  app.post("/transactions/single", async (c) =>
    c.json(await handleSameChainTransaction({ context, body: await readJsonBody(c) })),
  );

  app.post("/transactions/index", async (c) => {
    const body = validateApiRequest<{ chainId: number | string; txHash: string }>(
      "transactionsIndex",
      keepKnownFields(await readJsonBody(c), ["chainId", "txHash", "requestId", "referrer"]),
      "errorCode",
    );
    if (Number(body.chainId) === bitcoin.chainId && context.bitcoin)
      return c.json(indexBitcoinTransaction({ context, bitcoin: context.bitcoin, txHash: body.txHash }));
    const chain = context.chains.get(Number(body.chainId));
    if (!chain)
      throw new DevnetApiError({
        status: 400,
        errorCode: "UNSUPPORTED_CHAIN",
        message: `Chain ${body.chainId} is not a devnet chain.`,
      });
    return c.json(await indexEvmTransaction({ context, chain, txHash: body.txHash }));
  });
}
