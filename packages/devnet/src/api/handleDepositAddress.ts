import type { DepositAddressRequest, responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { depositAddressNotFound } from "./depositAddressNotFound.js";
import { findDepositAddressRequest } from "./findDepositAddressRequest.js";
import { findDevnetCurrency } from "./findDevnetCurrency.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What `GET /deposit-addresses/v1` reads of the devnet: its requests and currencies. */
export type DepositAddressDeps = Pick<DevnetContext, "store" | "currencies" | "bitcoin" | "exchange">;

export type HandleDepositAddressParameters = {
  context: DepositAddressDeps;
  /** The validated query: an address or a request id. */
  query: DepositAddressRequest;
};

/**
 * Answers `GET /deposit-addresses/v1` (the official SDK's API types) from the devnet's requests: the
 * deposit address of a quote made with `useDepositAddress` (EVM or Bitcoin origin), found by the
 * address or by its request id, with its type (`open` or `strict`), the origin chain it was made on,
 * the quote's time (ISO 8601), the origin currency's id (`eth`, `usdc`, `btc`) and the refund address.
 *
 * @param parameters - {@link HandleDepositAddressParameters}
 * @returns `{ depositAddress, type, requestId, chainId, createdAt, currency, refundTo }`.
 * @throws DevnetApiError 404 `DEPOSIT_ADDRESS_NOT_FOUND` when no request has that address or id.
 * @example
 * c.json(handleDepositAddress({ context, query: { requestId } }))
 */
export function handleDepositAddress({ context, query }: HandleDepositAddressParameters) {
  const request = findDepositAddressRequest({ requests: context.store.all(), ...query });
  if (!request)
    throw depositAddressNotFound(
      query.address === undefined
        ? `deposit address of request ${query.requestId}`
        : `deposit address ${query.address}`,
    );
  const currency = findDevnetCurrency({
    currencies: listDevnetCurrencies(context),
    chainId: request.originChainId,
    address: request.originCurrency,
  });
  return {
    depositAddress: request.depositAddress.address,
    type: request.depositAddress.depositAddressType,
    requestId: request.requestId,
    chainId: request.originChainId,
    createdAt: new Date(request.createdAt).toISOString(),
    currency: currency?.groupID ?? null,
    refundTo: request.refundTo ?? null,
  } satisfies z.input<typeof responseSchemas.depositAddress>;
}
