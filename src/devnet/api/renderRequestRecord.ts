import type { Address, Hex } from "viem";
import type * as z from "zod";
import type { requestRecordSchema } from "../../schemas/responses.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { renderAmount } from "./renderAmount.js";

/** One on-chain transaction of a request, sorted by role. */
export type RequestTransactions = {
  /** Deposits on the origin chain (the indexed deposit first). */
  deposits: { txHash: Hex; chainId: number; block: number | null }[];
  /** Fill transactions on the destination chain. */
  fills: { txHash: Hex; chainId: number }[];
  /** Refund transactions (on the deposit's chain). */
  refunds: { txHash: Hex; chainId: number }[];
};

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
 * the solver, the origin deposit and the settlement's fills and refunds). Fees, app fees and fee
 * sponsorship are not recorded per request by the devnet: they are null.
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
  const find = (chainId: number, address: Address) =>
    currencies.find(
      (currency) => currency.chainId === chainId && currency.address.toLowerCase() === address.toLowerCase(),
    );
  const currencyIn = find(request.originChainId, request.originCurrency);
  const currencyOut = find(request.destinationChainId, request.destinationCurrency);
  const amount = (currency: DevnetCurrency | undefined, value: bigint) =>
    currency ? renderAmount({ currency, amount: value, url }) : null;
  const side = (input: ReturnType<typeof amount>, output: ReturnType<typeof amount>) => ({
    inputCurrency: input,
    outputCurrency: output,
    router: "relay",
  });
  const quotedRoute = {
    origin: side(amount(currencyIn, request.amountIn), amount(currencyIn, request.amountIn)),
    destination: side(amount(currencyOut, request.amountOut), amount(currencyOut, request.amountOut)),
  };
  const { deposits, fills, refunds } = requestTransactions(request);
  const deposit = request.deposit;
  const filled = request.status === "success";
  const transaction = (entry: { txHash: Hex; chainId: number; block?: number | null }) => ({
    txHash: entry.txHash,
    chainId: entry.chainId,
    ...(entry.block !== undefined && entry.block !== null ? { block: entry.block } : {}),
    type: "onchain",
    status: "success",
    data: {},
    stateChanges: [],
  });
  const revert = request.details?.revert as { txHash?: string } | undefined;
  const reason = (value: string) => (value === "N/A" ? null : value);
  return {
    id: request.requestId,
    status: request.status,
    user: request.user,
    sender: deposit?.from ?? null,
    recipient: request.recipient,
    refundTo: request.refundTo,
    supersededByRequestId: null,
    depositAddress: request.depositAddress
      ? {
          address: request.depositAddress.address,
          type: request.depositAddress.depositAddressType,
          depositor: request.depositAddress.depositor,
          depositTxHash: request.depositAddress.depositTxHash,
          recoveryAddress: null,
        }
      : null,
    requestType: requestTypeOf({ request, currencyIn, currencyOut }),
    data: {
      failReason: reason(request.failReason),
      refundFailReason: reason(request.refundFailReason),
      failedTxHash: revert?.txHash ?? null,
      usesExternalLiquidity: false,
      triggeredByFastFill: null,
      inTxs: deposits.map(transaction),
      outTxs: [...fills, ...refunds].map(transaction),
      appFees: null,
      fees: null,
      feeSponsorship: null,
      route: {
        includedSwapSources: [],
        includedOriginSwapSources: [],
        includedDestinationSwapSources: [],
        quoted: quotedRoute,
        // Fills are exact: what executed is what was quoted, once it did.
        actual: filled ? { ...quotedRoute, rate: rateOf(request, currencyIn, currencyOut) } : null,
      },
      platformFee: null,
      quoteOraclePrice: null,
      ...(authenticated ? { referrer: request.referrer } : {}),
      refundCurrencyData: refunds.length > 0 ? amount(currencyIn, refundAmount(request)) : null,
      externalMetadata: { moonpayId: null },
    },
    protocol: {
      orderId: request.orderId ?? null,
      hubType: "onchain",
      isWithdrawable: false,
      solver: {
        address: solver,
        protocolChainId: String(request.originChainId),
        chainId: request.originChainId,
      },
      deposit: deposit
        ? {
            origin: {
              amount: deposit.amount.toString(),
              chainId: deposit.chainId,
              currency: deposit.currency,
              depositor: deposit.from,
              depository: depositoryOf(deposit.chainId) ?? null,
              onchainId: deposit.id,
              transactionId: deposit.txHash,
            },
          }
        : null,
      settlement: {
        destination: {
          fills: fills.map((fill) => ({ chainId: fill.chainId, transactionId: fill.txHash })),
          refunds: refunds.map((entry) => ({ chainId: entry.chainId, transactionId: entry.txHash })),
        },
      },
    },
    features: [],
    createdAt: new Date(request.createdAt).toISOString(),
    updatedAt: new Date(request.updatedAt).toISOString(),
  } satisfies z.input<typeof requestRecordSchema>;
}

function refundAmount(request: DevnetRequest): bigint {
  const amount = (request.details?.refund as { amount?: string } | undefined)?.amount;
  return amount !== undefined && /^[0-9]+$/.test(amount) ? BigInt(amount) : 0n;
}

/** Output per whole unit of input, at the quoted amounts, as a decimal string. */
function rateOf(
  request: DevnetRequest,
  currencyIn: DevnetCurrency | undefined,
  currencyOut: DevnetCurrency | undefined,
): string | null {
  if (!currencyIn || !currencyOut || request.amountIn === 0n) return null;
  const scale = 10n ** 18n;
  const rate =
    (request.amountOut * 10n ** BigInt(currencyIn.decimals) * scale) /
    (request.amountIn * 10n ** BigInt(currencyOut.decimals));
  const whole = rate / scale;
  const fraction = (rate % scale).toString().padStart(18, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
