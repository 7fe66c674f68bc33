import type { DepositAddressReindexRequest } from "attestkit/schemas";
import type { Hex } from "viem";
import { DevnetApiError } from "../errors.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { depositAddressNotFound } from "./depositAddressNotFound.js";
import { findDepositAddressRequest, type RequestWithDepositAddress } from "./findDepositAddressRequest.js";
import { sameIgnoringCase } from "./sameIgnoringCase.js";
import type { ApiChain, DevnetContext } from "./types.js";

/** What a reindex is of: the request and its order id, the EVM chain, the currencies to check. */
export type ReindexTarget = {
  request: RequestWithDepositAddress & { orderId: Hex };
  chain: ApiChain;
  currencies: DevnetCurrency[];
};

/**
 * Finds what `POST /transactions/deposit-address/reindex` is about: the request whose deposit address
 * it names on `chainId`, that EVM chain, and the currencies to check: those a sweep moves (the native
 * currency and the chain's USDC), or the one `currency` names.
 *
 * @param context - The devnet's requests, EVM chains and currencies.
 * @param body - The validated body.
 * @returns The target. {@link ReindexTarget}
 * @throws DevnetApiError 404 `DEPOSIT_ADDRESS_NOT_FOUND`; 400 `NOT_SIMULATED` for a `targetChainId`
 * other than `chainId` or a Bitcoin deposit address; 400 `UNSUPPORTED_CURRENCY` for a currency no
 * sweep moves.
 * @example
 * const { request, chain, currencies } = resolveReindexTarget(context, body)
 */
export function resolveReindexTarget(
  context: Pick<DevnetContext, "store" | "chains" | "currencies">,
  body: DepositAddressReindexRequest,
): ReindexTarget {
  const { chainId, depositAddress: address, targetChainId = chainId } = body;
  const request = findDepositAddressRequest({ requests: context.store.all(), address, chainId });
  if (!request) throw depositAddressNotFound(`deposit address ${address} on chain ${chainId}`);
  const chain = context.chains.get(chainId);
  if (targetChainId !== chainId || !chain || !request.orderId)
    throw new DevnetApiError({
      status: 400,
      errorCode: "NOT_SIMULATED",
      message: "The devnet reindexes an EVM deposit address on the chain it was made on only.",
    });
  const swept = context.currencies.filter(
    (c) => c.chainId === chainId && (c.isNative || sameIgnoringCase(c.address, chain.contracts.token)),
  );
  const { currency } = body;
  const currencies =
    currency === undefined ? swept : swept.filter((c) => sameIgnoringCase(c.address, currency));
  if (currencies.length === 0)
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CURRENCY",
      message: `A sweep on chain ${chainId} moves ${swept.map((c) => `${c.symbol} (${c.address})`).join(" and ")} only.`,
    });
  return { request: { ...request, orderId: request.orderId }, chain, currencies };
}
