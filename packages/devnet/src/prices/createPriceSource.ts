import { BaseError } from "attestkit";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { walkFactor, walkFactorScale } from "./walkFactor.js";

/** The walk's seed when none is given: every devnet walks the same way. */
const defaultPriceSeed = "attestkit-devnet";

/** The length of one step of the walk when none is given, ms. */
const defaultPriceStepMs = 10_000;

/** The largest step `createPriceSource` takes, basis points (10 %). */
const maxPriceVolatilityBps = 1_000;

/** Groups that never walk: the devnet's unit of account (USDC is $1 unless moved by hand). */
const peggedGroups: readonly string[] = ["usdc"];

/** Groups priced as another (wrapped ETH is ETH): they walk and move with it. */
export const linkedGroups: Readonly<Record<string, string>> = { weth: "eth" };

export type PriceSourceSettings = {
  /** The walk's seed. Default `attestkit-devnet`. */
  seed?: string | undefined;
  /** The largest step of the walk, basis points (0 to 1000). Default 0: prices move only when moved. */
  volatilityBps?: number | undefined;
  /** How long one step lasts, ms. Default 10,000. */
  stepMs?: number | undefined;
};

export type CreatePriceSourceParameters = PriceSourceSettings & {
  /** Where the walk starts, ms (the devnet's genesis time: a restart walks the same way). */
  startMs: number;
  /** The clock, ms. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** Moves by hand already made (a restart's, by group), in basis points. */
  moves?: Readonly<Record<string, number>> | undefined;
  /** Called after every move by hand with all of them (to keep them). */
  onMove?: ((moves: Readonly<Record<string, number>>) => void) | undefined;
};

/** A currency as the price source reads it: its group and its starting price. */
export type PricedCurrency = Pick<DevnetCurrency, "groupID" | "priceUsdMicros">;

/** The devnet's prices: a seeded walk per currency group, plus moves by hand. */
export type PriceSource = {
  /** The settings in force (defaults filled in). */
  settings: Readonly<{ seed: string; volatilityBps: number; stepMs: number; startMs: number }>;
  /**
   * The price of a currency at `at` (default now), micro-USD per whole unit: its starting price, walked
   * (`walkFactor`, one step per `stepMs` since `startMs`), then moved by hand (`move`). Never below 1.
   */
  priceOf: (currency: PricedCurrency, at?: number) => bigint;
  /** The currency with `priceUsdMicros` at its price now (the same object when it did not move). */
  reprice: <currency extends PricedCurrency>(currency: currency, at?: number) => currency;
  /**
   * Moves a group's price by hand, by `bps` basis points of its starting price (added to its earlier
   * moves: `+50` then `-50` is back where it was). Answers the group's total move.
   *
   * @throws PriceMoveError when the total would reach -100 % (a price of nothing).
   */
  move: (groupID: string, bps: number) => number;
  /** The moves by hand so far, by group, basis points. */
  moves: () => Readonly<Record<string, number>>;
};

/** A price setting or move the price source cannot take. */
export class PriceMoveError extends BaseError {
  override name = "PriceMoveError";
}

/** {@link PriceMoveError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type PriceMoveErrorType = PriceMoveError & { name: "PriceMoveError" };

/**
 * Creates the devnet's price source: pure and seeded, so the same seed, settings and clock give the
 * same prices on every run. Each currency group (but the pegged USDC) follows its own random walk
 * (`walkFactor`): every `stepMs` since `startMs` its price takes one step of at most `volatilityBps`
 * (wrapped ETH walks and moves with ETH, `linkedGroups`).
 * With `volatilityBps` 0 (the default) the walk stands still and prices move only by hand: `move`
 * (the devnet's `POST /devnet/prices`, `attestkit devnet trigger price-move`) jumps a group by a
 * number of basis points of its starting price. The walk is cached forward, so reading it is cheap.
 *
 * @param parameters - {@link CreatePriceSourceParameters}
 * @returns The price source. {@link PriceSource}
 * @throws PriceMoveError for a volatility outside 0 to 1000 bps, a step under 1 ms or an empty seed.
 * @example
 * const prices = createPriceSource({ startMs: genesisMs, volatilityBps: 5 })
 * prices.move("eth", -30) // ETH 0.3 % down
 * prices.priceOf(eth) // 2_991_000_000n (from $3,000, with the walk standing still)
 */
export function createPriceSource({
  seed = defaultPriceSeed,
  volatilityBps = 0,
  stepMs = defaultPriceStepMs,
  startMs,
  now = Date.now,
  moves: restored = {},
  onMove,
}: CreatePriceSourceParameters): PriceSource {
  if (!Number.isInteger(volatilityBps) || volatilityBps < 0 || volatilityBps > maxPriceVolatilityBps)
    throw new PriceMoveError(
      `The price volatility must be an integer from 0 to ${maxPriceVolatilityBps} basis points, got ${volatilityBps}.`,
    );
  if (!Number.isInteger(stepMs) || stepMs < 1)
    throw new PriceMoveError(`The price step must be a whole number of milliseconds, got ${stepMs}.`);
  if (seed === "") throw new PriceMoveError("The price seed must not be empty.");
  const moves = new Map<string, number>(Object.entries(restored));
  const walked = new Map<string, { steps: number; factor: bigint }>();

  const factorOf = (groupID: string, at: number): bigint => {
    if (volatilityBps === 0 || peggedGroups.includes(groupID)) return walkFactorScale;
    const steps = Math.max(0, Math.floor((at - startMs) / stepMs));
    const from = walked.get(groupID);
    const factor = walkFactor({ seed, groupID, volatilityBps, steps, from });
    if (from === undefined || steps >= from.steps) walked.set(groupID, { steps, factor });
    return factor;
  };

  const priceOf = (currency: PricedCurrency, at = now()): bigint => {
    const groupID = linkedGroups[currency.groupID] ?? currency.groupID;
    const moved = BigInt(10_000 + (moves.get(groupID) ?? 0));
    const price = (currency.priceUsdMicros * factorOf(groupID, at) * moved) / (walkFactorScale * 10_000n);
    return price > 0n ? price : 1n;
  };

  return {
    settings: { seed, volatilityBps, stepMs, startMs },
    priceOf,
    reprice(currency, at) {
      const price = priceOf(currency, at);
      return price === currency.priceUsdMicros ? currency : { ...currency, priceUsdMicros: price };
    },
    move(named, bps) {
      const groupID = linkedGroups[named] ?? named;
      if (!Number.isInteger(bps)) throw new PriceMoveError(`A price move is whole basis points, got ${bps}.`);
      const total = (moves.get(groupID) ?? 0) + bps;
      if (total <= -10_000)
        throw new PriceMoveError(
          `Moving ${groupID} by ${bps} bps would take it ${total} bps from its starting price: a price must stay above 0.`,
        );
      moves.set(groupID, total);
      onMove?.(Object.fromEntries(moves));
      return total;
    },
    moves: () => Object.fromEntries(moves),
  };
}
