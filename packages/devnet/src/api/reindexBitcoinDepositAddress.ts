import { bitcoin } from "attestkit/chains";
import type { DepositAddressReindexRequest, responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { depositAddressNotFound } from "./depositAddressNotFound.js";
import { findDepositAddressRequest } from "./findDepositAddressRequest.js";
import { readBitcoinAddressBalance } from "./readBitcoinAddressBalance.js";
import type { DevnetContext } from "./types.js";

/** What a Bitcoin reindex reads: the devnet's requests and its Bitcoin chain. */
export type ReindexBitcoinDepositAddressDeps = Pick<DevnetContext, "store" | "bitcoin">;

/**
 * `POST /transactions/deposit-address/reindex` for a Bitcoin deposit address (`chainId` 8253038):
 * reads the address's balance by the interface's balance rule (`readBitcoinAddressBalance`) and
 * says what became of it. Nothing is queued: the devnet's Bitcoin watcher hands every transaction
 * paying a deposit address to the solver as soon as it reaches the mempool (the solver sweeps the
 * coins into its wallet once credited), so no payment can be missed; the answer names the request's
 * status.
 *
 * @param context - {@link ReindexBitcoinDepositAddressDeps}
 * @param body - The validated body, `chainId` 8253038.
 * @returns `{ message, triggeredCurrencies: [], checkedCurrencies: 1, failedCurrencies: 0 }`.
 * @throws DevnetApiError 404 `DEPOSIT_ADDRESS_NOT_FOUND` (no Bitcoin chain, or no such address); 400
 * `UNSUPPORTED_CHAIN` for another `targetChainId` (a Bitcoin address exists on Bitcoin only); 400
 * `UNSUPPORTED_CURRENCY` for a currency other than BTC.
 * @example
 * await reindexBitcoinDepositAddress(context, { chainId: 8253038, depositAddress: "bc1q..." })
 */
export function reindexBitcoinDepositAddress(
  context: ReindexBitcoinDepositAddressDeps,
  body: DepositAddressReindexRequest,
) {
  const { depositAddress: address, targetChainId = body.chainId, currency } = body;
  const request = findDepositAddressRequest({
    requests: context.store.all(),
    address,
    chainId: bitcoin.chainId,
  });
  if (!request || !context.bitcoin)
    throw depositAddressNotFound(`deposit address ${address} on chain ${body.chainId}`);
  if (targetChainId !== bitcoin.chainId)
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CHAIN",
      message: `${address} is a Bitcoin address: it can be reindexed on chain ${bitcoin.chainId} only.`,
    });
  if (currency !== undefined && currency !== bitcoin.nativeCurrency)
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CURRENCY",
      message: `A Bitcoin deposit address holds BTC (${bitcoin.nativeCurrency}) only.`,
    });
  const balance = readBitcoinAddressBalance(context.bitcoin.chain, request.depositAddress.address);
  return {
    message: `${request.depositAddress.address} holds ${balance} sat; every payment to it was taken as it reached the mempool (request ${request.requestId} is ${request.status}): nothing to queue.`,
    triggeredCurrencies: [],
    checkedCurrencies: 1,
    failedCurrencies: 0,
  } satisfies z.input<typeof responseSchemas.depositAddressReindex>;
}
