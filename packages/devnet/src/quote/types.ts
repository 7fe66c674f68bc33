// The vocabulary of the quote path's route table (`quoteRoutes.ts`): what a pricer returns and what a
// step builder takes and returns, apart from the table so that the pricers and builders it lists can
// name them without importing the table.

import type { stepSchema } from "attestkit/schemas";
import type { Hex } from "viem";
import type * as z from "zod";
import type { DevnetContext } from "../api/types.js";
import type { DepositAddressInfo, SelfExecution } from "../state/types.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import type { PricedQuote } from "./priceQuote.js";
import type { QuoteChainReads } from "./renderPriceBody.js";

/**
 * What pricing a route may read of the devnet (each pricer reads a part of it): `prices`, the market
 * each currency is priced at now.
 */
export type PriceRouteDeps = Pick<
  DevnetContext,
  "chains" | "currencies" | "swaps" | "bitcoin" | "exchange" | "prices"
>;

/**
 * What pricing a route to or from Bitcoin or the exchange reads of the devnet: its EVM chains and
 * currencies, which non-EVM chains run (and their balances), and the market.
 */
export type PriceExternalRouteDeps = Pick<
  DevnetContext,
  "chains" | "currencies" | "bitcoin" | "exchange" | "prices"
>;

/** How a route is priced: for a quote (the default) or for `POST /price`. */
export type PriceRouteOptions = {
  /**
   * `POST /price`: an indicative price, which does not check that the user can pay (the user's
   * balance is reported in `details.userBalance` all the same). Default false.
   */
  indicative?: boolean | undefined;
};

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
  /**
   * From Bitcoin, a P2SH user's P2WPKH redeem script (hex), made of `additionalData.userPublicKey`
   * and checked against the address (`readBitcoinUserKey`): the deposit PSBT's inputs carry it.
   */
  userRedeemScript?: string | undefined;
};

/** What building a route's steps uses of the devnet: the origin chain, the solver, the permits, Bitcoin. */
export type BuildRouteStepsDeps = Pick<DevnetContext, "chains" | "solver" | "permits" | "bitcoin">;

export type BuildRouteStepsParameters = {
  context: BuildRouteStepsDeps;
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
  /** A self-executed same-chain quote's own transaction, stored with the request (no order is kept). */
  selfExecution?: SelfExecution | undefined;
  /** Done once the request is stored: its deposit address watched, its permit kept. */
  commit?: (() => Promise<void> | void) | undefined;
};
