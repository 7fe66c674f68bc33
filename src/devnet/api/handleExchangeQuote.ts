import { randomBytes } from "node:crypto";
import { type Address, bytesToHex, formatUnits, getAddress, isAddress } from "viem";
import type * as z from "zod";
import { externalExchange } from "../../chains/exchange/constants.js";
import { isAccountIndex } from "../../chains/exchange/isAccountIndex.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import type { QuoteRequest } from "../../schemas/index.js";
import type { responseSchemas } from "../../schemas/responses.js";
import { devnetExchangeSlug } from "../constants.js";
import { exchangeRouteTypes, exchangeSolverAccount, usdcAssetIndex } from "../exchange/constants.js";
import { plainPricedQuote } from "../quote/plainPricedQuote.js";
import { quoteDeadline } from "../quote/quoteDeadline.js";
import { renderPriceBody } from "../quote/renderPriceBody.js";
import { renderProtocol } from "../quote/renderProtocol.js";
import { signQuoteOrder } from "../quote/signQuoteOrder.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import { buildChainsResponse } from "./buildChainsResponse.js";
import { devnetExchangeCurrency } from "./handleExternalDestinationQuote.js";
import { priceExternalRoute } from "./priceExternalRoute.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import { resolveEvmDestination } from "./resolveEvmDestination.js";
import type { DevnetContext } from "./types.js";

/** The exchange's execution cost the devnet's withdrawal actions carry (`usdcFee`): 0.01 USDC. */
export const devnetExchangeUsdcFee = 10_000n;

export type HandleExchangeQuoteParameters = {
  context: DevnetContext;
  /** A body the shared quote schema accepted, with `originChainId` 3586256. */
  body: QuoteRequest;
  apiKey: string | undefined;
};

/**
 * Answers `POST /quote/v2` from the external exchange (3586256) to an EVM chain of the devnet: the
 * user is an account index; prices the route (USDC-perp at $1), checks the account's USDC-perp
 * balance covers the amount and the `usdcFee` (`INSUFFICIENT_FUNDS`), stores a `waiting` request, and
 * returns one `deposit` step whose item is the `transfer` action the caller submits to the
 * exchange: `toAccountIndex` = the relayer account, `assetIndex` 0, route types 0, `amount`,
 * `usdcFee`, `memo` = the request id (hex). Refunds go back to `refundTo` (an account index), else
 * the user. The quote carries its order (`protocol.v2`, input on `devnet-exchange`,
 * `paymentDetails.depository` the relayer's account index), signed when `includeProtocolData` asks.
 *
 * @param parameters - {@link HandleExchangeQuoteParameters}
 * @returns The quote body.
 * @throws DevnetApiError 400: `UNSUPPORTED_CHAIN`, `UNSUPPORTED_CURRENCY`, `INVALID_ADDRESS`,
 * `INVALID_RECIPIENT`, `INVALID_EXTRA_TXS`, `UNSUPPORTED_EXECUTION_TYPE`, `AMOUNT_TOO_LOW`,
 * `INSUFFICIENT_FUNDS`.
 * @example
 * c.json(await handleExchangeQuote({ context, body, apiKey }))
 */
export async function handleExchangeQuote({ context, body, apiKey }: HandleExchangeQuoteParameters) {
  const exchange = context.exchange;
  if (!exchange)
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${externalExchange.chainId} is not running on this devnet.`,
    );
  const { destination, currencyOut } = resolveEvmDestination({ context, body, from: "the exchange" });
  if (body.originCurrency !== externalExchange.currency)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.originCurrency} is not supported on the exchange; use "0".`,
    );
  if (!isAccountIndex({ accountIndex: body.user }))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      "user must be an account index of the exchange (decimal digits).",
    );
  if (body.recipient === undefined || !isAddress(body.recipient, { strict: false }))
    throw quoteBadRequest("INVALID_RECIPIENT", "recipient must be an EVM address on the destination chain.");
  const refundTo = body.refundTo ?? body.user;
  if (!isAccountIndex({ accountIndex: refundTo }))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      "refundTo must be an account index: refunds are paid on the exchange.",
    );
  if ((body.txs ?? []).length > 0)
    throw quoteBadRequest(
      "INVALID_EXTRA_TXS",
      "txs are not supported on quotes from the exchange by the devnet.",
    );
  if (body.useDepositAddress === true)
    throw quoteBadRequest(
      "UNSUPPORTED_EXECUTION_TYPE",
      "Deposit addresses are not supported on the exchange.",
    );

  const { amountIn, amountOut, fees } = priceExternalRoute({
    body,
    currencyIn: devnetExchangeCurrency,
    currencyOut,
  });
  const balance = exchange.ledger.balance({
    accountIndex: Number(body.user),
    assetIndex: usdcAssetIndex,
    routeType: exchangeRouteTypes.perp,
  });
  if (balance < amountIn + devnetExchangeUsdcFee)
    throw quoteBadRequest(
      "INSUFFICIENT_FUNDS",
      `Account ${body.user} holds ${formatUnits(balance, 6)} USDC-perp; the quote needs ${formatUnits(amountIn + devnetExchangeUsdcFee, 6)} (amount and usdcFee).`,
    );
  const slippageBps = BigInt(body.slippageTolerance ?? "0");
  const requestId = bytesToHex(randomBytes(32));
  const now = Date.now();
  const { expiresAt, deadline } = quoteDeadline({ now, ttl: body.ttl });
  // The record types addresses as EVM ones; on this route user and refundTo are account indexes.
  const priced = plainPricedQuote({
    originChainId: externalExchange.chainId,
    destinationChainId: destination.chainId,
    currencyIn: devnetExchangeCurrency,
    currencyOut,
    user: body.user as Address,
    recipient: getAddress(body.recipient),
    refundTo: refundTo as Address,
    amountIn,
    amountOut,
    slippageBps,
    fees,
  });
  const { orderData, orderId, orderSignature } = await signQuoteOrder({
    priced,
    originSlug: devnetExchangeSlug,
    destinationSlug: destination.name,
    deadline,
    solver: context.solver,
    chains: toOrderChains({ chains: buildChainsResponse(context) }),
    sign: body.includeProtocolData === true,
  });
  context.store.create(
    createDevnetRequest({
      requestId,
      status: "waiting",
      apiKey,
      referrer: body.referrer ?? null,
      originChainId: externalExchange.chainId,
      destinationChainId: destination.chainId,
      user: priced.user,
      recipient: priced.recipient,
      refundTo: priced.refundTo,
      originCurrency: devnetExchangeCurrency.address,
      destinationCurrency: currencyOut.address,
      amountIn,
      amountOut,
      createdAt: now,
      expiresAt,
      orderId,
      orderData,
    }),
  );
  const rendered = renderPriceBody({
    priced,
    reads: { gasPrice: 0n, userBalance: balance, needsApproval: false },
    nativeIn: devnetExchangeCurrency,
    url: context.url,
  });
  return {
    requestId,
    steps: [
      {
        id: "deposit",
        action: "Submit the transfer to the exchange",
        description: `Transferring ${formatUnits(amountIn, 6)} USDC-perp to the relayer account`,
        kind: "transaction",
        requestId,
        depositAddress: "",
        items: [
          {
            status: "incomplete",
            data: {
              action: {
                type: externalExchange.transferActionType,
                parameters: {
                  toAccountIndex: exchangeSolverAccount.accountIndex,
                  assetIndex: usdcAssetIndex,
                  fromRouteType: exchangeRouteTypes.perp,
                  toRouteType: exchangeRouteTypes.perp,
                  // A JSON number while it is exact, as the live action carries it; else a string.
                  amount:
                    amountIn <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(amountIn) : amountIn.toString(),
                  usdcFee: Number(devnetExchangeUsdcFee),
                  memo: requestId,
                },
              },
            },
            check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
          },
        ],
      },
    ],
    fees: rendered.fees,
    details: rendered.details,
    // The exchange's depository is the relayer's account index, as the interface documents.
    protocol: renderProtocol({
      orderId,
      orderData,
      orderSignature,
      depository: String(exchangeSolverAccount.accountIndex),
    }),
  } satisfies z.input<typeof responseSchemas.quote>;
}
