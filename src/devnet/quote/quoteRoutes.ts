import type { Hex } from "viem";
import type * as z from "zod";
import { vmTypeOfChain } from "../../attestation/vmTypeOfChain.js";
import type { QuoteRequest } from "../../schemas/index.js";
import type { stepSchema } from "../../schemas/steps.js";
import type { DevnetContext } from "../api/types.js";
import type { DepositAddressInfo } from "../state/types.js";
import { buildBitcoinDepositStep } from "./buildBitcoinDepositStep.js";
import { buildEvmOriginSteps } from "./buildEvmOriginSteps.js";
import { buildExchangeTransferStep } from "./buildExchangeTransferStep.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { priceEvmRoute } from "./priceEvmRoute.js";
import { priceFromExternal } from "./priceFromExternal.js";
import type { PricedQuote } from "./priceQuote.js";
import { priceToExternal } from "./priceToExternal.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import type { QuoteChainReads } from "./renderPriceBody.js";

/** A route priced: the quote's terms and what the quote read of the origin. */
export type PricedRoute = {
  priced: PricedQuote;
  reads: QuoteChainReads;
  /** The origin's native currency, which `fees.gas` is counted in. */
  nativeIn: DevnetCurrency;
  /** The chains' slugs, as the order names them. */
  originSlug: string;
  destinationSlug: string;
  /**
   * `paymentDetails.depository`: the origin's depository contract; on Bitcoin the solver's deposit
   * address, on the exchange the relayer's account index.
   */
  depository: string;
};

export type BuildRouteStepsParameters = {
  context: DevnetContext;
  route: PricedRoute;
  requestId: Hex;
  /** The order id: what the deposit names on an EVM origin. */
  orderId: Hex;
  /** The order's deadline, unix seconds (a permit never outlives it). */
  deadline: number;
  /** Quote time, ms. */
  now: number;
};

/** A quote's steps, and what they need of its request. */
export type RouteSteps = {
  steps: z.input<typeof stepSchema>[];
  /** The request's deposit address (`useDepositAddress`), stored with it. */
  depositAddress?: DepositAddressInfo | undefined;
  /** Done once the request is stored: its deposit address watched, its permit kept. */
  commit?: (() => Promise<void> | void) | undefined;
};

/** One route of the devnet: how it is priced, how it is paid, what it simulates. */
export type QuoteRoute = {
  /** Prices the route and reads the origin; throws the live 400 answers. */
  price: (context: DevnetContext, body: QuoteRequest) => Promise<PricedRoute>;
  /** Builds the steps the user follows to pay (checks what only building them can tell, e.g. the UTXOs). */
  buildSteps: (parameters: BuildRouteStepsParameters) => Promise<RouteSteps>;
  /** Whether the route simulates fee sponsorship (`feeSponsorship` in the quote). */
  sponsorship: boolean;
};

/**
 * THE table of the devnet's routes, by (origin VM, destination VM): the pricer and the step builder
 * of each. Any other pair is 400 `UNSUPPORTED_CHAIN`.
 *
 * | origin | destination | pricer | steps | sponsorship |
 * |--------|-------------|--------|-------|-------------|
 * | evm | evm | `priceEvmRoute` (the full fee model: txs, app fees, swaps, top-up, deposit addresses, permits) | approve + deposit, a deposit address's transfer, or a permit signature | yes |
 * | evm | bvm | `priceToExternal` (Bitcoin) | approve + deposit | no |
 * | evm | lvm | `priceToExternal` (the exchange) | approve + deposit | no |
 * | bvm | evm | `priceFromExternal` (Bitcoin: balance rule, strict deposit addresses) | a PSBT to sign | no |
 * | lvm | evm | `priceFromExternal` (the exchange: USDC-perp balance and fee) | a transfer action | no |
 */
export const quoteRoutes: Readonly<Record<string, QuoteRoute>> = {
  "evm->evm": { price: priceEvmRoute, buildSteps: buildEvmOriginSteps, sponsorship: true },
  "evm->bvm": { price: priceToExternal, buildSteps: buildEvmOriginSteps, sponsorship: false },
  "evm->lvm": { price: priceToExternal, buildSteps: buildEvmOriginSteps, sponsorship: false },
  "bvm->evm": { price: priceFromExternal, buildSteps: buildBitcoinDepositStep, sponsorship: false },
  "lvm->evm": { price: priceFromExternal, buildSteps: buildExchangeTransferStep, sponsorship: false },
};

/**
 * The route of a quote's chains, from the table.
 *
 * @param parameters - The quote's chains.
 * @returns The route. {@link QuoteRoute}
 * @throws DevnetApiError 400 `UNSUPPORTED_CHAIN` for a pair of VMs the devnet has no route for.
 * @example
 * findQuoteRoute({ originChainId: 8253038, destinationChainId: 31338 }).sponsorship // false
 */
export function findQuoteRoute({
  originChainId,
  destinationChainId,
}: Pick<QuoteRequest, "originChainId" | "destinationChainId">): QuoteRoute {
  const key = `${vmTypeOfChain({ chainId: originChainId })}->${vmTypeOfChain({ chainId: destinationChainId })}`;
  const route = quoteRoutes[key];
  if (!route)
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `The devnet has no route from chain ${originChainId} to chain ${destinationChainId} (${key}); its routes: ${Object.keys(quoteRoutes).join(", ")}.`,
    );
  return route;
}
