import type { QuoteRequest } from "attestkit/schemas";
import { type Address, getAddress, isAddress, isAddressEqual } from "viem";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { findExternalQuoteChain } from "./externalQuoteChains.js";
import { plainPricedQuote } from "./plainPricedQuote.js";
import { priceExternalRoute } from "./priceExternalRoute.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import { readOriginChain } from "./readOriginChain.js";
import type { PricedRoute, PriceExternalRouteDeps } from "./types.js";

/**
 * Prices a route from an EVM chain of the devnet to Bitcoin (a `bc1…` recipient, BTC at $100,000)
 * or to the exchange (an account index as recipient, USDC-perp at $1) with the devnet's fee model,
 * and reads the origin chain. The solver pays the destination once the deposit is indexed.
 *
 * @param context - {@link PriceExternalRouteDeps}
 * @param body - A body the shared quote schema accepted, to Bitcoin or the exchange.
 * @returns The priced route. {@link PricedRoute}
 * @throws DevnetApiError 400: `UNSUPPORTED_CHAIN`, `UNSUPPORTED_CURRENCY`, `INVALID_RECIPIENT`,
 * `INVALID_ADDRESS`, `INVALID_EXTRA_TXS`, `UNSUPPORTED_EXECUTION_TYPE`, `AMOUNT_TOO_LOW`.
 * @example
 * const route = await priceToExternal(context, body)
 */
export async function priceToExternal(
  context: PriceExternalRouteDeps,
  body: QuoteRequest,
): Promise<PricedRoute> {
  const destination = findExternalQuoteChain(context, body.destinationChainId);
  const currencyOut = atMarketPrice(context.prices, destination.currency);
  if (body.destinationCurrency !== currencyOut.address)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.destinationCurrency} is not supported on chain ${destination.currency.chainId}; use ${currencyOut.address} (${currencyOut.symbol}).`,
    );
  const origin = context.chains.get(body.originChainId);
  if (!origin)
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${body.originChainId} is not an EVM chain of the devnet (${[...context.chains.keys()].join(", ")}).`,
    );
  const listed = isAddress(body.originCurrency, { strict: false })
    ? context.currencies.find(
        (c) => c.chainId === origin.chainId && isAddressEqual(c.address, body.originCurrency as Address),
      )
    : undefined;
  const currencyIn = listed && atMarketPrice(context.prices, listed);
  if (!currencyIn)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.originCurrency} is not supported on chain ${origin.chainId}.`,
    );
  if (!isAddress(body.user, { strict: false }))
    throw quoteBadRequest("INVALID_ADDRESS", "user must be an EVM address on the origin chain.");
  const { recipient } = body;
  if (recipient === undefined || !destination.isAddress(recipient))
    throw quoteBadRequest("INVALID_RECIPIENT", `recipient must be ${destination.address}.`);
  const refundTo = body.refundTo ?? body.user;
  if (!isAddress(refundTo, { strict: false }))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      "refundTo must be an EVM address: refunds are paid on the origin chain.",
    );
  if ((body.txs ?? []).length > 0)
    throw quoteBadRequest(
      "INVALID_EXTRA_TXS",
      `txs are not supported on chain ${destination.currency.chainId}.`,
    );
  if (body.useDepositAddress === true)
    throw quoteBadRequest("UNSUPPORTED_EXECUTION_TYPE", "Deposit addresses are not supported on this route.");

  const terms = priceExternalRoute({ body, currencyIn, currencyOut });
  const user = getAddress(body.user);
  // The record types addresses as EVM ones; here the recipient is a bech32 address or an account index.
  const priced = plainPricedQuote({
    originChainId: origin.chainId,
    destinationChainId: destination.currency.chainId,
    currencyIn,
    currencyOut,
    user,
    recipient: recipient as Address,
    refundTo: getAddress(refundTo),
    ...terms,
  });
  return {
    priced,
    reads: await readOriginChain({ origin, currencyIn, user, amountIn: terms.amountIn }),
    nativeIn: context.currencies.find((c) => c.chainId === origin.chainId && c.isNative) as DevnetCurrency,
    originSlug: origin.name,
    destinationSlug: destination.slug,
    depository: origin.contracts.depository,
  };
}
