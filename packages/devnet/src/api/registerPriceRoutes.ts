import type { Hono } from "hono";
import { DevnetApiError } from "../errors.js";
import { linkedGroups, PriceMoveError, type PriceSource } from "../prices/createPriceSource.js";
import {
  type DevnetCurrency,
  devnetBitcoinCurrency,
  devnetExchangeCurrency,
} from "../quote/devnetCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What the price routes use of the devnet: its currencies and the market. */
export type PriceRoutesDeps = Pick<DevnetContext, "currencies" | "prices">;

/** The largest move `POST /devnet/prices` takes at once, basis points (+1000 %). */
const maxPriceMoveBps = 100_000;

/** One currency group's price, as `GET /devnet/prices` lists it. */
export type ListedPrice = {
  /** The group (`eth`, `usdc`, `btc`): what `POST /devnet/prices` names. */
  currency: string;
  symbol: string;
  /** Its price at the devnet's start, micro-USD per whole unit (decimal string). */
  startUsdMicros: string;
  /** Its price now. */
  priceUsdMicros: string;
  /** Its moves by hand so far, basis points of the starting price. */
  movedBps: number;
};

/**
 * Adds the market's admin endpoints (not part of the interface; `/devnet/*` is not rate limited):
 *
 * - `GET /devnet/prices`: `{settings: {seed, volatilityBps, stepMs}, prices: [ListedPrice]}`, one
 *   entry per currency group (ETH, USDC, BTC; the exchange's USDC-perp is USDC's group);
 * - `POST /devnet/prices` `{currency, bps}`: moves a group's price by `bps` basis points of its
 *   starting price (an integer from -9999 to 100000; moves add up, so `-50` undoes `+50`), as
 *   `attestkit devnet trigger price-move` does; answers 200 `{currency, movedBps, priceUsdMicros,
 *   prices}`. 400 `INVALID_PRICE_MOVE` (not such a number, or a total at -100 %), 404
 *   `CURRENCY_NOT_FOUND` (no such group). Quotes made after it are priced at the new price; requests
 *   quoted before are filled at it within their slippage tolerance, or refunded `SLIPPAGE`.
 *
 * @param app - The devnet's app.
 * @param context - {@link PriceRoutesDeps}
 * @example
 * registerPriceRoutes(app, context)
 * // curl -X POST 127.0.0.1:8787/devnet/prices -H 'content-type: application/json' -d '{"currency":"eth","bps":-30}'
 */
export function registerPriceRoutes(app: Hono, context: PriceRoutesDeps): void {
  const groups = (): DevnetCurrency[] => {
    const seen = new Map<string, DevnetCurrency>();
    // A group priced as another (WETH as ETH) is that one's market.
    for (const currency of [...context.currencies, devnetBitcoinCurrency, devnetExchangeCurrency])
      if (!seen.has(currency.groupID) && linkedGroups[currency.groupID] === undefined)
        seen.set(currency.groupID, currency);
    return [...seen.values()];
  };
  const list = (prices: PriceSource): ListedPrice[] =>
    groups().map((currency) => ({
      currency: currency.groupID,
      symbol: currency.symbol,
      startUsdMicros: currency.priceUsdMicros.toString(),
      priceUsdMicros: prices.priceOf(currency).toString(),
      movedBps: prices.moves()[currency.groupID] ?? 0,
    }));
  const market = (): PriceSource => {
    if (!context.prices)
      throw new DevnetApiError({ status: 404, code: "NOT_FOUND", message: "This devnet has no market." });
    return context.prices;
  };

  app.get("/devnet/prices", (c) => {
    const prices = market();
    const { seed, volatilityBps, stepMs } = prices.settings;
    return c.json({ settings: { seed, volatilityBps, stepMs }, prices: list(prices) });
  });

  app.post("/devnet/prices", async (c) => {
    const prices = market();
    const body = (await c.req.json().catch(() => undefined)) as
      | { currency?: unknown; bps?: unknown }
      | undefined;
    const bps = body?.bps;
    if (typeof bps !== "number" || !Number.isInteger(bps) || bps < -9_999 || bps > maxPriceMoveBps)
      throw new DevnetApiError({
        status: 400,
        code: "INVALID_PRICE_MOVE",
        message: `bps must be an integer from -9999 to ${maxPriceMoveBps} (basis points of the starting price), got ${JSON.stringify(bps)}.`,
      });
    const name = typeof body?.currency === "string" ? body.currency.toLowerCase() : "";
    const currency = groups().find((known) => known.groupID === name || known.symbol.toLowerCase() === name);
    if (!currency)
      throw new DevnetApiError({
        status: 404,
        code: "CURRENCY_NOT_FOUND",
        message: `No currency ${JSON.stringify(body?.currency)}: one of ${groups()
          .map((known) => known.groupID)
          .join(", ")}.`,
      });
    let movedBps: number;
    try {
      movedBps = prices.move(currency.groupID, bps);
    } catch (error) {
      if (!(error instanceof PriceMoveError)) throw error;
      throw new DevnetApiError({ status: 400, code: "INVALID_PRICE_MOVE", message: error.shortMessage });
    }
    return c.json({
      currency: currency.groupID,
      movedBps,
      priceUsdMicros: prices.priceOf(currency).toString(),
      prices: list(prices),
    });
  });
}
