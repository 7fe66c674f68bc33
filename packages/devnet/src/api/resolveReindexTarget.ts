import type { DepositAddressReindexRequest } from "attestkit/schemas";
import type { Hex } from "viem";
import { DevnetApiError } from "../errors.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { depositAddressNotFound } from "./depositAddressNotFound.js";
import { findDepositAddressRequest, type RequestWithDepositAddress } from "./findDepositAddressRequest.js";
import { sameIgnoringCase } from "./sameIgnoringCase.js";
import type { ApiChain, DevnetContext } from "./types.js";

/** What a reindex is of: the request and its order id, the EVM chain to sweep on, the currencies to check. */
export type ReindexTarget = {
  request: RequestWithDepositAddress & { orderId: Hex };
  /** `targetChainId`'s chain (by default the chain the address was made on). */
  chain: ApiChain;
  currencies: DevnetCurrency[];
};

/**
 * Finds what `POST /transactions/deposit-address/reindex` is about on an EVM chain: the request whose
 * deposit address it names on `chainId`, the chain to reindex on (`targetChainId`, by default
 * `chainId`: funds sent to the address on another devnet chain are found there), and the currencies
 * to check: those a sweep moves on that chain (its native currency and its USDC), or the one
 * `currency` names. The address is the same on every devnet chain whose deposit address factory has
 * the same address (the proxies are CREATE2 clones of an implementation the factory deploys, salted
 * with the order id and the depositor): on another chain it is refused.
 *
 * @param context - The devnet's requests, EVM chains and currencies.
 * @param body - The validated body.
 * @returns The target. {@link ReindexTarget}
 * @throws DevnetApiError 404 `DEPOSIT_ADDRESS_NOT_FOUND`; 400 `UNSUPPORTED_CHAIN` for a target chain
 * that is no EVM chain of the devnet or where the address differs; 400 `UNSUPPORTED_CURRENCY` for a
 * currency no sweep moves.
 * @example
 * const { request, chain, currencies } = resolveReindexTarget(context, body)
 */
export function resolveReindexTarget(
  context: Pick<DevnetContext, "store" | "chains" | "currencies">,
  body: DepositAddressReindexRequest,
): ReindexTarget {
  const { chainId, depositAddress: address, targetChainId = chainId } = body;
  const request = findDepositAddressRequest({ requests: context.store.all(), address, chainId });
  const made = context.chains.get(chainId);
  if (!request || !made || !request.orderId)
    throw depositAddressNotFound(`deposit address ${address} on chain ${chainId}`);
  const chain = context.chains.get(targetChainId);
  if (
    !chain ||
    !sameIgnoringCase(chain.contracts.depositAddressFactory, made.contracts.depositAddressFactory)
  )
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CHAIN",
      message: `${address} is no deposit address on chain ${targetChainId}: the devnet's EVM chains are ${[...context.chains.keys()].join(", ")}.`,
    });
  const swept = context.currencies.filter(
    (c) => c.chainId === targetChainId && (c.isNative || sameIgnoringCase(c.address, chain.contracts.token)),
  );
  const { currency } = body;
  const currencies =
    currency === undefined ? swept : swept.filter((c) => sameIgnoringCase(c.address, currency));
  if (currencies.length === 0)
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CURRENCY",
      message: `A sweep on chain ${targetChainId} moves ${swept.map((c) => `${c.symbol} (${c.address})`).join(" and ")} only.`,
    });
  return { request: { ...request, orderId: request.orderId }, chain, currencies };
}
