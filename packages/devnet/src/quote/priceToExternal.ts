import type { QuoteRequest } from "attestkit/schemas";
import { type Address, getAddress, type Hex, hexToBigInt, isAddress, isAddressEqual } from "viem";
import type { ApiChain } from "../api/types.js";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import { appFeesWithReferrer } from "./appFeesWithReferrer.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { findExternalQuoteChain } from "./externalQuoteChains.js";
import { originGasUsdMicros } from "./originGasUsdMicros.js";
import { plainPricedQuote } from "./plainPricedQuote.js";
import { priceExternalRoute } from "./priceExternalRoute.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import { readOriginChain } from "./readOriginChain.js";
import { readQuoteSubsidy } from "./readQuoteSubsidy.js";
import type { PricedRoute, PriceExternalRouteDeps } from "./types.js";

/**
 * Prices a route from an EVM chain of the devnet to Bitcoin (a `bc1…` recipient, BTC at $100,000)
 * or to the exchange (an account index as recipient, USDC-perp at $1) with the devnet's fee model,
 * and reads the origin chain. The solver pays the destination once the deposit is indexed. As on
 * the EVM routes: app fees (`referrerAddress` for those without a recipient), sponsorship (the
 * origin's sponsor pays), a permit for an EIP-3009 token (its `originGasOverhead` priced at the
 * origin's gas price now) and `explicitDeposit: false` (a direct transfer to the depository).
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

  // An EIP-3009 token pays by a permit the solver submits: its `originGasOverhead` is priced.
  const usePermit = body.usePermit === true && !currencyIn.isNative;
  const terms = priceExternalRoute({
    body,
    currencyIn,
    currencyOut,
    extras: {
      appFees: appFeesWithReferrer(body),
      subsidy: readQuoteSubsidy(body),
      originGasUsdMicros: usePermit ? await permitGasUsdMicros(context, origin, body) : undefined,
    },
  });
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
    usePermit,
    permitExpiry: "permitExpiry" in body ? body.permitExpiry : undefined,
  });
  // `explicitDeposit: false`: a direct transfer to the depository, as on the EVM routes (`depositCallOf`).
  const directDeposit = "explicitDeposit" in body && body.explicitDeposit === false;
  const reads = await readOriginChain({ origin, currencyIn, user, amountIn: terms.amountIn });
  return {
    priced: { ...priced, directDeposit },
    // A token `transfer` to the depository spends no allowance: no approval comes first.
    reads: directDeposit ? { ...reads, needsApproval: false } : reads,
    nativeIn: context.currencies.find((c) => c.chainId === origin.chainId && c.isNative) as DevnetCurrency,
    originSlug: origin.name,
    destinationSlug: destination.slug,
    depository: origin.contracts.depository,
  };
}

/** A permit quote's `originGasOverhead` at the origin's gas price now, micro-USD (`originGasUsdMicros`). */
async function permitGasUsdMicros(
  context: PriceExternalRouteDeps,
  origin: ApiChain,
  body: QuoteRequest,
): Promise<bigint> {
  const overhead = "originGasOverhead" in body ? body.originGasOverhead : undefined;
  const native = context.currencies.find((c) => c.chainId === origin.chainId && c.isNative);
  if (overhead === undefined || native === undefined) return 0n;
  const gasPrice = hexToBigInt((await origin.request({ method: "eth_gasPrice" })) as Hex);
  return originGasUsdMicros({
    originGasOverhead: overhead,
    gasless: true,
    gasPrice,
    nativeIn: atMarketPrice(context.prices, native),
  });
}
