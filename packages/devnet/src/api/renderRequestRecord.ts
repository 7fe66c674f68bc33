import type { requestRecordSchema } from "attestkit/schemas";
import type { Address, Hex } from "viem";
import type * as z from "zod";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { findDevnetCurrency } from "./findDevnetCurrency.js";
import { renderRequestData } from "./renderRequestData.js";
import { renderRequestProtocol } from "./renderRequestProtocol.js";
import type { RequestTransactions } from "./types.js";

/**
 * Sorts a request's hashes by role: the deposit(s) from `inTxHashes`, the refund from
 * `details.refund`, every other hash of `txHashes` a fill on the destination chain.
 *
 * @param request - The request.
 * @returns Its deposits, fills and refunds. {@link RequestTransactions}
 * @example
 * requestTransactions(request).fills[0]?.txHash
 */
export function requestTransactions(request: DevnetRequest): RequestTransactions {
  const refund = request.details?.refund as { txHash?: Hex; chainId?: number } | undefined;
  const refundHash = refund?.txHash?.toLowerCase();
  return {
    deposits: request.inTxHashes.map((txHash) => ({
      txHash,
      chainId: request.deposit?.chainId ?? request.originChainId,
      block:
        request.deposit && request.deposit.txHash.toLowerCase() === txHash.toLowerCase()
          ? Number(request.deposit.blockNumber)
          : null,
    })),
    fills: request.txHashes
      .filter((txHash) => txHash.toLowerCase() !== refundHash)
      .map((txHash) => ({ txHash, chainId: request.destinationChainId })),
    refunds: refund?.txHash
      ? [{ txHash: refund.txHash, chainId: refund.chainId ?? request.originChainId }]
      : [],
  };
}

/**
 * The request type of the live service's vocabulary: `Call` with destination calls, `Same-chain
 * Swap` on one chain, `Bridge` when the currency stays the same (its group), else `Crosschain Swap`.
 *
 * @param parameters - The request and its two currencies.
 * @returns The request type.
 * @example
 * requestTypeOf({ request, currencyIn: eth, currencyOut: eth }) // "Bridge"
 */
export function requestTypeOf({
  request,
  currencyIn,
  currencyOut,
}: {
  request: DevnetRequest;
  currencyIn: DevnetCurrency | undefined;
  currencyOut: DevnetCurrency | undefined;
}): string {
  if (request.txs.length > 0) return "Call";
  if (request.originChainId === request.destinationChainId) return "Same-chain Swap";
  return currencyIn && currencyOut && currencyIn.groupID === currencyOut.groupID
    ? "Bridge"
    : "Crosschain Swap";
}

export type RenderRequestRecordParameters = {
  request: DevnetRequest;
  currencies: readonly DevnetCurrency[];
  /** The depository of each chain (the same address on every devnet chain). */
  depositoryOf: (chainId: number) => Address | undefined;
  solver: Address;
  /** Base URL for logos. */
  url: string;
  /** Adds `data.referrer` (the caller asked for authenticated data and quoted this request). */
  authenticated: boolean;
};

/**
 * Renders a request as one entry of `GET /requests/v3`, in the live service's v3 shape: root
 * fields (`id`, `status`, `user`, `sender`, `recipient`, `refundTo`, `depositAddress`,
 * `requestType`, `features`, ISO `createdAt`/`updatedAt`), `data` (null fail reasons instead of
 * `N/A`, `inTxs`/`outTxs` with `txHash`, the quoted and actual route) and `protocol` (the order id,
 * the solver, the origin deposit and the settlement's fills and refunds), with the fees, app fees and
 * fee sponsorship the quote charged and the fill took (`renderRequestData`).
 *
 * @param parameters - {@link RenderRequestRecordParameters}
 * @returns The request entry.
 * @example
 * renderRequestRecord({ request, currencies, depositoryOf, solver, url, authenticated: false }).data.inTxs
 */
export function renderRequestRecord({
  request,
  currencies,
  depositoryOf,
  solver,
  url,
  authenticated,
}: RenderRequestRecordParameters) {
  const currencyIn = findDevnetCurrency({
    currencies,
    chainId: request.originChainId,
    address: request.originCurrency,
  });
  const currencyOut = findDevnetCurrency({
    currencies,
    chainId: request.destinationChainId,
    address: request.destinationCurrency,
  });
  const transactions = requestTransactions(request);
  return {
    id: request.requestId,
    status: request.status,
    user: request.user,
    sender: request.deposit?.from ?? null,
    recipient: request.recipient,
    refundTo: request.refundTo,
    supersededByRequestId: request.supersededByRequestId ?? null,
    depositAddress: request.depositAddress
      ? {
          address: request.depositAddress.address,
          type: request.depositAddress.depositAddressType,
          depositor: request.depositAddress.depositor,
          depositTxHash: request.depositAddress.depositTxHash,
          recoveryAddress: request.depositAddress.recoveryAddress ?? null,
        }
      : null,
    requestType: requestTypeOf({ request, currencyIn, currencyOut }),
    data: renderRequestData({ request, currencyIn, currencyOut, transactions, authenticated, url }),
    protocol: renderRequestProtocol({ request, transactions, depositoryOf, solver }),
    features: [],
    createdAt: new Date(request.createdAt).toISOString(),
    updatedAt: new Date(request.updatedAt).toISOString(),
  } satisfies z.input<typeof requestRecordSchema>;
}
