import { randomBytes } from "node:crypto";
import { bytesToHex } from "viem";
import { toOrderChains } from "../../orders/toOrderChains.js";
import type { QuoteRequest } from "../../schemas/index.js";
import { buildChainsResponse } from "../api/buildChainsResponse.js";
import type { DevnetContext } from "../api/types.js";
import { devnetSponsorAddress } from "../constants.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import { quoteDeadline } from "./quoteDeadline.js";
import { findQuoteRoute } from "./quoteRoutes.js";
import { renderQuoteBody } from "./renderQuoteBody.js";
import { signQuoteOrder } from "./signQuoteOrder.js";

export type CreateQuoteParameters = {
  context: DevnetContext;
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
 * Two ids, as in the live service: the request id keys the status, the webhooks and the
 * attestation endpoints; the order id is the depository `id` of an EVM deposit step and of the order
 * receiver's payments. A deposit under either id funds the request.
 *
 * @param parameters - {@link CreateQuoteParameters}
 * @returns The quote body.
 * @throws DevnetApiError 400 with the route's codes (`UNSUPPORTED_CHAIN` for a pair of chains the devnet has no route for).
 * @example
 * c.json(await createQuote({ context, body, apiKey }))
 */
export async function createQuote({ context, body, apiKey }: CreateQuoteParameters) {
  const route = findQuoteRoute(body);
  const priced = await route.price(context, body);
  const { priced: terms, reads, nativeIn, originSlug, destinationSlug, depository } = priced;
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
  const { steps, depositAddress, commit } = await route.buildSteps({
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
      orderId,
      orderData,
      depositAddress,
      appFeeBps: terms.appFeeBps,
      appFees: terms.appFees.flatMap(({ recipient, bps }) => (recipient ? [{ recipient, bps }] : [])),
      gasTopup: terms.gasTopup?.amount,
      subsidized: terms.fees.subsidized,
      useFallbacks: body.useFallbacks === true,
      txsGasLimit: body.txsGasLimit,
    }),
  );
  await commit?.();
  const quote = renderQuoteBody({
    priced: terms,
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
  });
  if (route.sponsorship) return quote;
  // A route that does not simulate sponsorship says nothing of it.
  const { feeSponsorship: _, ...unsponsored } = quote;
  return unsponsored;
}
