import { randomBytes } from "node:crypto";
import { type Address, bytesToHex, getAddress, type Hex, hexToBigInt, isAddress, isAddressEqual } from "viem";
import type * as z from "zod";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { isBitcoinAddress } from "../../chains/bitcoin/isBitcoinAddress.js";
import { externalExchange } from "../../chains/exchange/constants.js";
import { isAccountIndex } from "../../chains/exchange/isAccountIndex.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import type { QuoteRequest } from "../../schemas/index.js";
import type { responseSchemas } from "../../schemas/responses.js";
import { readAllowance } from "../chains/readAllowance.js";
import { readBalance } from "../chains/readBalance.js";
import { devnetBitcoinSlug, devnetExchangeSlug } from "../constants.js";
import type { DevnetCurrency } from "../pricing/devnetCurrencies.js";
import { buildQuoteSteps } from "../quote/buildQuoteSteps.js";
import { plainPricedQuote } from "../quote/plainPricedQuote.js";
import { quoteDeadline } from "../quote/quoteDeadline.js";
import { renderPriceBody } from "../quote/renderPriceBody.js";
import { renderProtocol } from "../quote/renderProtocol.js";
import { signQuoteOrder } from "../quote/signQuoteOrder.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import { buildChainsResponse } from "./buildChainsResponse.js";
import { devnetBitcoinCurrency } from "./handleBitcoinQuote.js";
import { priceExternalRoute } from "./priceExternalRoute.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import type { DevnetContext } from "./types.js";

/** USDC-perp of the external exchange (asset 0) as the devnet prices it: $1. */
export const devnetExchangeCurrency: DevnetCurrency = {
  chainId: externalExchange.chainId,
  address: externalExchange.currency as Address,
  symbol: externalExchange.symbol,
  name: "USD Coin (Perp)",
  decimals: externalExchange.decimals,
  groupID: "usdc",
  priceUsdMicros: 1_000_000n,
  isNative: false,
};

export type HandleExternalDestinationQuoteParameters = {
  context: DevnetContext;
  /** A body the shared quote schema accepted, to Bitcoin (8253038) or the exchange (3586256). */
  body: QuoteRequest;
  apiKey: string | undefined;
};

/**
 * Answers `POST /quote/v2` from an EVM chain of the devnet to Bitcoin (a `bc1…` recipient, BTC at
 * $100,000) or to the external exchange (an account index as recipient, USDC-perp at $1): prices the
 * route, stores a `waiting` request and returns the EVM deposit step (approve first when the
 * allowance is short) and the quote's order (`protocol.v2`, output on `devnet-bitcoin` or
 * `devnet-exchange`); the deposit names the order id.
 * The solver pays the destination once the deposit is indexed: a real Bitcoin transaction to the
 * recipient, or a ledger transfer from the relayer account to the recipient's account index.
 *
 * @param parameters - {@link HandleExternalDestinationQuoteParameters}
 * @returns The quote body.
 * @throws DevnetApiError 400: `UNSUPPORTED_CHAIN`, `UNSUPPORTED_CURRENCY`, `INVALID_RECIPIENT`,
 * `INVALID_ADDRESS`, `INVALID_EXTRA_TXS`, `UNSUPPORTED_EXECUTION_TYPE`, `AMOUNT_TOO_LOW`.
 * @example
 * c.json(await handleExternalDestinationQuote({ context, body, apiKey }))
 */
export async function handleExternalDestinationQuote({
  context,
  body,
  apiKey,
}: HandleExternalDestinationQuoteParameters) {
  const toBitcoin = body.destinationChainId === bitcoin.chainId;
  const running = toBitcoin ? context.bitcoin : context.exchange;
  if (!running)
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${body.destinationChainId} is not running on this devnet.`,
    );
  const currencyOut = toBitcoin ? devnetBitcoinCurrency : devnetExchangeCurrency;
  if (body.destinationCurrency !== currencyOut.address)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.destinationCurrency} is not supported on chain ${body.destinationChainId}; use ${currencyOut.address} (${currencyOut.symbol}).`,
    );
  const origin = context.chains.get(body.originChainId);
  if (!origin)
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${body.originChainId} is not an EVM chain of the devnet (${[...context.chains.keys()].join(", ")}).`,
    );
  const currencyIn = isAddress(body.originCurrency, { strict: false })
    ? context.currencies.find(
        (c) => c.chainId === origin.chainId && isAddressEqual(c.address, body.originCurrency as Address),
      )
    : undefined;
  if (!currencyIn)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.originCurrency} is not supported on chain ${origin.chainId}.`,
    );
  if (!isAddress(body.user, { strict: false }))
    throw quoteBadRequest("INVALID_ADDRESS", "user must be an EVM address on the origin chain.");
  const recipient = body.recipient;
  const validRecipient = toBitcoin
    ? isBitcoinAddress({ address: recipient, network: "mainnet" })
    : isAccountIndex({ accountIndex: recipient });
  if (recipient === undefined || !validRecipient)
    throw quoteBadRequest(
      "INVALID_RECIPIENT",
      toBitcoin
        ? "recipient must be a Bitcoin mainnet address (bc1…)."
        : "recipient must be an account index of the exchange (a decimal integer).",
    );
  const refundTo = body.refundTo ?? body.user;
  if (!isAddress(refundTo, { strict: false }))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      "refundTo must be an EVM address: refunds are paid on the origin chain.",
    );
  if ((body.txs ?? []).length > 0)
    throw quoteBadRequest("INVALID_EXTRA_TXS", `txs are not supported on chain ${body.destinationChainId}.`);
  if (body.useDepositAddress === true)
    throw quoteBadRequest("UNSUPPORTED_EXECUTION_TYPE", "Deposit addresses are not supported on this route.");

  const { amountIn, amountOut, fees } = priceExternalRoute({ body, currencyIn, currencyOut });
  const slippageBps = BigInt(body.slippageTolerance ?? "0");
  const user = getAddress(body.user);
  const [allowance, userBalance, gasPrice] = await Promise.all([
    currencyIn.isNative
      ? undefined
      : readAllowance({
          request: origin.request,
          token: currencyIn.address,
          owner: user,
          spender: origin.contracts.depository,
        }),
    readBalance({ request: origin.request, currency: currencyIn.address, owner: user }),
    origin.request({ method: "eth_gasPrice" }).then((price) => hexToBigInt(price as Hex)),
  ]);
  const requestId = bytesToHex(randomBytes(32));
  const now = Date.now();
  const { expiresAt, deadline } = quoteDeadline({ now, ttl: body.ttl });
  // The record types addresses as EVM ones; here the recipient is a bech32 address or an account index.
  const priced = plainPricedQuote({
    originChainId: origin.chainId,
    destinationChainId: body.destinationChainId,
    currencyIn,
    currencyOut,
    user,
    recipient: recipient as Address,
    refundTo: getAddress(refundTo),
    amountIn,
    amountOut,
    slippageBps,
    fees,
  });
  const { orderData, orderId, orderSignature } = await signQuoteOrder({
    priced,
    originSlug: origin.name,
    destinationSlug: toBitcoin ? devnetBitcoinSlug : devnetExchangeSlug,
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
      originChainId: origin.chainId,
      destinationChainId: body.destinationChainId,
      user,
      recipient: priced.recipient,
      refundTo: priced.refundTo,
      originCurrency: currencyIn.address,
      destinationCurrency: currencyOut.address,
      amountIn,
      amountOut,
      createdAt: now,
      expiresAt,
      orderId,
      orderData,
    }),
  );
  const reads = {
    gasPrice,
    userBalance,
    needsApproval: allowance !== undefined && allowance < amountIn,
  };
  const rendered = renderPriceBody({
    priced,
    reads,
    nativeIn: context.currencies.find((c) => c.chainId === origin.chainId && c.isNative) as DevnetCurrency,
    url: context.url,
  });
  return {
    requestId,
    // The deposit names the order id, as on every EVM origin.
    steps: buildQuoteSteps({
      priced,
      requestId,
      orderId,
      depository: origin.contracts.depository,
      needsApproval: reads.needsApproval,
    }),
    fees: rendered.fees,
    details: rendered.details,
    protocol: renderProtocol({ orderId, orderData, orderSignature, depository: origin.contracts.depository }),
  } satisfies z.input<typeof responseSchemas.quote>;
}
