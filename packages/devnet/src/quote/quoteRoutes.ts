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
 * What the routes from Bitcoin and the exchange do not simulate: fee sponsorship (no sponsor holds
 * BTC or exchange funds to pay the sponsored part on the origin) and a permit (EIP-3009 is an EVM
 * token's; the origin pays by PSBT or ledger transfer). App fees and a gas top-up on the EVM
 * destination are priced and paid.
 */
const fromExternalRouteNotSimulated = [
  "usePermit",
  "permitExpiry",
  "subsidizeFees",
  "sponsoredFeeComponents",
  "maxSubsidizationAmount",
] as const;

/**
 * What the routes to Bitcoin and the exchange do not simulate: a gas top-up (the interface: "EVM
 * only": no gas currency to top up on Bitcoin or the exchange) and EIP-7702 authorizations, which
 * only an EVM destination's fill can carry. App fees, sponsorship (the EVM origin's sponsor) and a
 * permit (an EIP-3009 token of the EVM origin) are priced and paid.
 */
const toExternalRouteNotSimulated = ["topupGas", "topupGasAmount", "authorizationList"] as const;

/**
 * THE table of the devnet's routes, by (origin VM, destination VM): the pricer and the step builder
 * of each. Any other pair is 400 `UNSUPPORTED_CHAIN`.
 *
 * | origin | destination | pricer | steps | not simulated |
 * |--------|-------------|--------|-------|---------------|
 * | evm | evm | `priceEvmRoute` (the full fee model: txs, app fees, swaps, top-up, deposit addresses, permits, sponsorship) | approve + deposit, a deposit address's transfer, or a permit signature | — |
 * | evm | bvm | `priceToExternal` (Bitcoin; app fees, sponsorship, permits) | approve + deposit, or a permit signature | `toExternalRouteNotSimulated` |
 * | evm | lvm | `priceToExternal` (the exchange; app fees, sponsorship, permits) | approve + deposit, or a permit signature | `toExternalRouteNotSimulated` |
 * | bvm | evm | `priceFromExternal` (Bitcoin: balance rule, strict deposit addresses) | a PSBT to sign | `fromExternalRouteNotSimulated` |
 * | lvm | evm | `priceFromExternal` (the exchange: USDC-perp balance and fee) | a transfer action | `fromExternalRouteNotSimulated` |
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
 * findQuoteRoute({ originChainId: 8253038, destinationChainId: 31338 }).notSimulated // ["appFees", ...]
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
