import { randomBytes } from "node:crypto";
import { toOrderChains } from "attestkit/orders";
import type { QuoteRequest } from "attestkit/schemas";
import { bytesToHex } from "viem";
import { buildChainsResponse, type ChainsResponseDeps } from "../api/buildChainsResponse.js";
import type { DevnetContext } from "../api/types.js";
import { devnetSponsorAddress } from "../constants.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { DestinationAuthorization } from "../state/types.js";
import { checkChainsEnabled } from "./checkChainsEnabled.js";
import { checkWalletScreening } from "./checkWalletScreening.js";
import { planSponsorPayment } from "./planSponsorPayment.js";
import { quoteDeadline } from "./quoteDeadline.js";
import { findQuoteRoute } from "./quoteRoutes.js";
import { renderQuoteBody } from "./renderQuoteBody.js";
import { signQuoteOrder } from "./signQuoteOrder.js";
import type { BuildRouteStepsDeps, PriceRouteDeps } from "./types.js";

/**
 * What a quote uses of the devnet: what its route's pricer and step builder read, what `GET /chains`
 * names (the order's slugs), the solver, the request store and the URL.
 */
export type CreateQuoteDeps = PriceRouteDeps &
  BuildRouteStepsDeps &
  ChainsResponseDeps &
  Pick<DevnetContext, "store" | "url" | "walletScreening">;

export type CreateQuoteParameters = {
  context: CreateQuoteDeps;
  /** A body the shared quote schema accepted. */
  body: QuoteRequest;
  /** The caller's API key: its webhook endpoint gets the request's events. */
  apiKey: string | undefined;
};

/**
 * The one quote path, for every route of the table (`findQuoteRoute`): prices the route and reads
 * its origin, builds the quote's order with a fresh salt and hashes it into the order id with the
 * slug map of the devnet's own `GET /chains` (signing the id when `includeProtocolData` asks, as the
 * live service does), builds the steps, stores a `waiting` request under a fresh request id with that
 * order id (refunds of it go to the quote's refund address), and renders the body.
 *
 * A self-executed same-chain quote (`decideExecution`) stores its request without an order and
 * answers without `protocol` and `feeSponsorship`: the user's own transaction (`selfExecution`) is
 * reported through `POST /transactions/single`.
 *
 * Two ids, as in the live service: the request id keys the status, the webhooks and the
 * attestation endpoints; the order id is the depository `id` of an EVM deposit step and of the order
 * receiver's payments. A deposit under either id funds the request.
 *
 * @param parameters - {@link CreateQuoteParameters}
 * @returns The quote body.
 * @throws DevnetApiError 400 with the route's codes (`UNSUPPORTED_CHAIN` for a pair of chains the devnet has no route for, `CHAIN_DISABLED` for a chain an incident switched off, `SANCTIONED_WALLET_ADDRESS` for a blocked user or recipient).
 * @example
 * c.json(await createQuote({ context, body, apiKey }))
 */
export async function createQuote({ context, body, apiKey }: CreateQuoteParameters) {
  const route = findQuoteRoute(body);
  checkChainsEnabled({ incidents: context.incidents, ...body });
  checkWalletScreening({ screening: context.walletScreening, wallets: [body.user, body.recipient] });
  const priced = await route.price(context, body);
  const { priced: terms, reads, nativeIn, originSlug, destinationSlug, depository } = priced;
  const sponsorPayment = planSponsorPayment({ ...terms, subsidized: terms.fees.subsidized });
  const requestId = bytesToHex(randomBytes(32));
  const now = Date.now();
  const { expiresAt, deadline } = quoteDeadline({ now, ttl: body.ttl });
  const { orderData, orderId, orderSignature } = await signQuoteOrder({
    priced: terms,
    originSlug,
    destinationSlug,
    deadline,
    solver: context.solver,
    chains: toOrderChains({ chains: buildChainsResponse(context) }),
    sign: body.includeProtocolData === true,
  });
  const { steps, depositAddress, commit, selfExecution } = await route.buildSteps({
    context,
    route: priced,
    requestId,
    orderId,
    deadline,
    now,
  });
  context.store.create(
    createDevnetRequest({
      requestId,
      status: "waiting",
      apiKey,
      referrer: body.referrer ?? null,
      originChainId: terms.originChainId,
      destinationChainId: terms.destinationChainId,
      user: terms.user,
      recipient: terms.recipient,
      refundTo: terms.refundTo,
      originCurrency: terms.currencyIn.address,
      destinationCurrency: terms.currencyOut.address,
      amountIn: terms.amountIn,
      amountOut: terms.amountOut,
      txs: terms.txs,
      createdAt: now,
      expiresAt,
      // A self-executed same-chain request has no order: nothing is deposited, nothing filled.
      orderId: selfExecution ? undefined : orderId,
      orderData: selfExecution ? undefined : orderData,
      // The quote's recovery address goes with its deposit address (the schema requires the one for the other).
      depositAddress:
        depositAddress && "recoveryAddress" in body && body.recoveryAddress !== undefined
          ? { ...depositAddress, recoveryAddress: body.recoveryAddress }
          : depositAddress,
      selfExecution,
      outputSurplus: terms.outputSurplus,
      appFeeBps: terms.appFeeBps,
      appFees: terms.appFees.flatMap(({ recipient, bps }) => (recipient ? [{ recipient, bps }] : [])),
      gasTopup: terms.gasTopup?.amount,
      subsidized: terms.fees.subsidized,
      sponsorPayment: sponsorPayment.chainId === terms.originChainId ? undefined : sponsorPayment,
      useFallbacks: body.useFallbacks === true,
      txsGasLimit: body.txsGasLimit,
      // The shared schema checked each item's shape (the SDK's): the fill's first transaction carries them.
      authorizationList: body.authorizationList as DestinationAuthorization[] | undefined,
      pricing: {
        tradeType: body.tradeType,
        slippageBps: terms.slippageBps,
        latePaymentSlippageBps: terms.latePaymentSlippageBps,
        quotedPrices: { in: terms.currencyIn.priceUsdMicros, out: terms.currencyOut.priceUsdMicros },
        fixedRate: terms.fixedRate !== undefined,
      },
      quotedFees: {
        ...terms.fees,
        sponsored: [...terms.sponsored],
        maxSubsidizationAmount: terms.maxSubsidizationAmount,
      },
    }),
  );
  await commit?.();
  const quote = renderQuoteBody({
    priced: terms,
    useFallbacks: body.useFallbacks,
    reads,
    nativeIn,
    url: context.url,
    requestId,
    steps,
    orderId,
    orderData,
    depository,
    orderSignature,
    sponsor: terms.fees.subsidized > 0n ? devnetSponsorAddress : undefined,
    sponsorPayment,
  });
  if (selfExecution) {
    // The user's own transaction does the work: no order to pay, no sponsorship (`decideExecution`).
    const { protocol: _order, feeSponsorship: _sponsorship, ...selfExecuted } = quote;
    return selfExecuted as Omit<typeof quote, "protocol" | "feeSponsorship"> &
      Partial<Pick<typeof quote, "protocol" | "feeSponsorship">>;
  }
  // Every route's quote carries `feeSponsorship` (nothing sponsored where the route does not simulate
  // it: `QuoteRoute.notSimulated` lists the sponsorship fields then).
  return quote;
}
