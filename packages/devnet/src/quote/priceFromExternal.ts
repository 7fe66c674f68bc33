import type { QuoteRequest } from "attestkit/schemas";
import { type Address, formatUnits, getAddress, isAddress, isAddressEqual } from "viem";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import { appFeesWithReferrer } from "./appFeesWithReferrer.js";
import { findExternalQuoteChain } from "./externalQuoteChains.js";
import { plainPricedQuote } from "./plainPricedQuote.js";
import { planGasTopup } from "./planGasTopup.js";
import { priceExternalRoute } from "./priceExternalRoute.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import { readBitcoinUserKey } from "./readBitcoinUserKey.js";
import { readQuoteSubsidy } from "./readQuoteSubsidy.js";
import type { PricedRoute, PriceExternalRouteDeps, PriceRouteOptions } from "./types.js";

/**
 * Prices a route from Bitcoin or the exchange to an EVM chain of the devnet with the devnet's fee
 * model, and checks the user can pay: the user and the refund address (`refundTo`, else the user)
 * are the origin's (a `bc1…` address, an account index), the recipient an EVM address, and the
 * user's balance (Bitcoin: by the interface's rule) covers the amount and the deposit's fee. From
 * Bitcoin, `useDepositAddress` (with `refundTo`, required) gives the request its own deposit address,
 * strict with `strict: true`, else open (filled at a price re-quoted for whatever arrives, as on the
 * EVM routes); the top-up and app fees are priced (`priceExternalRoute`); a P2SH user's quote needs
 * its public key (`readBitcoinUserKey`).
 *
 * @param context - {@link PriceExternalRouteDeps}
 * @param body - A body the shared quote schema accepted, from Bitcoin or the exchange.
 * @param options - `indicative` (`POST /price`): the balance is reported, not required.
 * @returns The priced route. {@link PricedRoute}
 * @throws DevnetApiError 400: `UNSUPPORTED_CHAIN`, `UNSUPPORTED_CURRENCY`, `INVALID_ADDRESS`,
 * `INVALID_RECIPIENT`, `INVALID_EXTRA_TXS`, `UNSUPPORTED_EXECUTION_TYPE`, `AMOUNT_TOO_LOW`,
 * `INSUFFICIENT_FUNDS`, `INVALID_REQUEST` (a P2SH user's missing or mismatched public key).
 * @example
 * const route = await priceFromExternal(context, body)
 */
export async function priceFromExternal(
  context: PriceExternalRouteDeps,
  body: QuoteRequest,
  options: PriceRouteOptions = {},
): Promise<PricedRoute> {
  const origin = findExternalQuoteChain(context, body.originChainId);
  const destination = context.chains.get(body.destinationChainId);
  if (!destination)
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${body.destinationChainId} is not an EVM chain of the devnet; from ${origin.name} the devnet fills on ${[...context.chains.keys()].join(", ")}.`,
    );
  const listed = isAddress(body.destinationCurrency, { strict: false })
    ? context.currencies.find(
        (c) =>
          c.chainId === destination.chainId && isAddressEqual(c.address, body.destinationCurrency as Address),
      )
    : undefined;
  const currencyOut = listed && atMarketPrice(context.prices, listed);
  if (!currencyOut)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.destinationCurrency} is not supported on chain ${destination.chainId}.`,
    );
  const currencyIn = atMarketPrice(context.prices, origin.currency);
  if (body.originCurrency !== currencyIn.address)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.originCurrency} is not supported on chain ${origin.currency.chainId}; use ${currencyIn.address} (${currencyIn.symbol}).`,
    );
  const { user } = body;
  if (!origin.isAddress(user))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      `user must be ${origin.address} for a quote from ${origin.name}.`,
    );
  // A P2SH Bitcoin user's PSBT needs its public key (`additionalData.userPublicKey`); a price does not.
  const userRedeemScript =
    origin.part === "bitcoin"
      ? readBitcoinUserKey({
          user,
          additionalData: "additionalData" in body ? body.additionalData : undefined,
          required: options.indicative !== true,
        })
      : undefined;
  if (body.recipient === undefined || !isAddress(body.recipient, { strict: false }))
    throw quoteBadRequest("INVALID_RECIPIENT", "recipient must be an EVM address on the destination chain.");
  const refundTo = body.refundTo ?? user;
  if (!origin.isAddress(refundTo))
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      `refundTo must be ${origin.address}: refunds are paid on ${origin.name}.`,
    );
  if ((body.txs ?? []).length > 0)
    throw quoteBadRequest(
      "INVALID_EXTRA_TXS",
      `txs are not supported on quotes from ${origin.name} by the devnet.`,
    );
  const useDepositAddress = body.useDepositAddress === true;
  if (useDepositAddress && !origin.depositAddresses)
    throw quoteBadRequest(
      "UNSUPPORTED_EXECUTION_TYPE",
      `Deposit addresses are not supported on ${origin.name}.`,
    );
  if (useDepositAddress && body.refundTo === undefined)
    throw quoteBadRequest(
      "INVALID_ADDRESS",
      `refundTo is needed with useDepositAddress from ${origin.name}.`,
    );

  const terms = priceExternalRoute({
    body,
    currencyIn,
    currencyOut,
    extras: {
      appFees: appFeesWithReferrer(body),
      // Sponsored fees are paid by the sponsor on the EVM destination (`planSponsorPayment`).
      subsidy: readQuoteSubsidy(body),
      // The top-up is paid with the fill, on the EVM destination, at its native currency's price now.
      gasTopup: planGasTopup({
        body,
        currencies: context.currencies.map((currency) => atMarketPrice(context.prices, currency)),
        destinationChainId: destination.chainId,
        currencyOut,
      }),
    },
  });
  const { amountIn } = terms;
  const balance = origin.balanceOf(context, user);
  const needed = amountIn + origin.depositFee;
  if (options.indicative !== true && balance < needed) {
    const units = (amount: bigint) => `${formatUnits(amount, currencyIn.decimals)} ${currencyIn.symbol}`;
    throw quoteBadRequest(
      "INSUFFICIENT_FUNDS",
      `${user} holds ${units(balance)} on ${origin.name}; the quote needs ${units(needed)}.`,
    );
  }
  // The record types addresses as EVM ones; on this route user and refundTo are the origin's.
  const priced = plainPricedQuote({
    originChainId: origin.currency.chainId,
    destinationChainId: destination.chainId,
    currencyIn,
    currencyOut,
    user: user as Address,
    recipient: getAddress(body.recipient),
    refundTo: refundTo as Address,
    ...terms,
  });
  return {
    // As on the EVM routes: `strict` fills only the quoted amount; open fills what arrives, re-quoted.
    priced: {
      ...priced,
      depositAddressType: useDepositAddress
        ? "strict" in body && body.strict === true
          ? "strict"
          : "open"
        : undefined,
    },
    reads: {
      gasPrice: 0n,
      userBalance: balance,
      needsApproval: false,
      timeEstimate: origin.timeEstimate(context),
    },
    nativeIn: currencyIn,
    originSlug: origin.slug,
    destinationSlug: destination.name,
    depository: origin.depository(context),
    userRedeemScript,
  };
}
