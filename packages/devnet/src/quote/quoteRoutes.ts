import { vmTypeOfChain } from "attestkit/attestation";
import type { QuoteRequest } from "attestkit/schemas";
import { buildBitcoinDepositStep } from "./buildBitcoinDepositStep.js";
import { buildEvmOriginSteps } from "./buildEvmOriginSteps.js";
import { buildExchangeTransferStep } from "./buildExchangeTransferStep.js";
import { priceEvmRoute } from "./priceEvmRoute.js";
import { priceFromExternal } from "./priceFromExternal.js";
import { priceToExternal } from "./priceToExternal.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import type {
  BuildRouteStepsParameters,
  PricedRoute,
  PriceRouteDeps,
  PriceRouteOptions,
  RouteSteps,
} from "./types.js";

/** One route of the devnet: how it is priced, how it is paid, what it simulates. */
export type QuoteRoute = {
  /** Prices the route and reads the origin; throws the live 400 answers. */
  price: (context: PriceRouteDeps, body: QuoteRequest, options?: PriceRouteOptions) => Promise<PricedRoute>;
  /** Builds the steps the user follows to pay (checks what only building them can tell, e.g. the UTXOs). */
  buildSteps: (parameters: BuildRouteStepsParameters) => Promise<RouteSteps>;
  /**
   * Quote fields the route accepts but does not simulate, beyond `quoteFieldSimulation`: listed in
   * `details.devnetNotSimulated` whenever a body asks for them (its quote still carries
   * `feeSponsorship`, with nothing sponsored).
   */
  notSimulated: readonly string[];
};

/**
 * The routes from Bitcoin and the exchange simulate every field they accept: app fees, a gas top-up
 * and sponsorship are priced and paid on the EVM destination (the sponsor pays the sponsored fees'
 * worth in the output there: `planSponsorPayment`). `usePermit` and `permitExpiry` ask for nothing
 * there, as for a native input on the EVM routes: the live service permits "supported currencies
 * such as USDC" (EIP-3009 tokens), and BTC and the exchange's USDC (Perp) are none; the origin pays by
 * PSBT or ledger transfer.
 */
const fromExternalRouteNotSimulated = [] as const;

/**
 * The routes to Bitcoin and the exchange simulate every field they accept: app fees, sponsorship
 * (the EVM origin's sponsor) and a permit (an EIP-3009 token of the EVM origin) are priced and paid.
 * `topupGas` and `topupGasAmount` ask for nothing there: the live top-up is "only supported for EVM
 * chains if the requested currency is not the gas currency" (the official SDK), and BTC is Bitcoin's
 * gas currency, as a native output on the EVM routes is (the exchange has no gas). `authorizationList`
 * is for "EIP-7702 transactions to be executed on destination chain" (the SDK): a payout on Bitcoin
 * or the exchange executes no EVM transaction, so there is nothing to carry them.
 */
const toExternalRouteNotSimulated = [] as const;

/**
 * THE table of the devnet's routes, by (origin VM, destination VM): the pricer and the step builder
 * of each. Any other pair is 400 `UNSUPPORTED_CHAIN`.
 *
 * | origin | destination | pricer | steps | not simulated |
 * |--------|-------------|--------|-------|---------------|
 * | evm | evm | `priceEvmRoute` (the full fee model: txs, app fees, swaps, top-up, deposit addresses, permits, sponsorship) | approve + deposit, a deposit address's transfer, or a permit signature | — |
 * | evm | bvm | `priceToExternal` (Bitcoin; app fees, sponsorship, permits) | approve + deposit, or a permit signature | — |
 * | evm | lvm | `priceToExternal` (the exchange; app fees, sponsorship, permits) | approve + deposit, or a permit signature | — |
 * | bvm | evm | `priceFromExternal` (Bitcoin: balance rule, deposit addresses, app fees, top-up, sponsorship) | a PSBT to sign | — |
 * | lvm | evm | `priceFromExternal` (the exchange: USDC-perp balance and fee, app fees, top-up, sponsorship) | a transfer action | — |
 *
 * Every route answers `POST /price` and `POST /quote/v2`; every quote carries `protocol.v2` and
 * `feeSponsorship`.
 */
export const quoteRoutes: Readonly<Record<string, QuoteRoute>> = {
  "evm->evm": { price: priceEvmRoute, buildSteps: buildEvmOriginSteps, notSimulated: [] },
  "evm->bvm": {
    price: priceToExternal,
    buildSteps: buildEvmOriginSteps,
    notSimulated: toExternalRouteNotSimulated,
  },
  "evm->lvm": {
    price: priceToExternal,
    buildSteps: buildEvmOriginSteps,
    notSimulated: toExternalRouteNotSimulated,
  },
  "bvm->evm": {
    price: priceFromExternal,
    buildSteps: buildBitcoinDepositStep,
    notSimulated: fromExternalRouteNotSimulated,
  },
  "lvm->evm": {
    price: priceFromExternal,
    buildSteps: buildExchangeTransferStep,
    notSimulated: fromExternalRouteNotSimulated,
  },
};

/**
 * The route of a quote's chains, from the table.
 *
 * @param parameters - The quote's chains.
 * @returns The route. {@link QuoteRoute}
 * @throws DevnetApiError 400 `UNSUPPORTED_CHAIN` for a pair of VMs the devnet has no route for.
 * @example
 * findQuoteRoute({ originChainId: 8253038, destinationChainId: 31338 }).notSimulated // []
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
