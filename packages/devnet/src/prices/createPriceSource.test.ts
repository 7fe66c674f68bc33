import { describe, expect, test } from "vitest";
import { createPriceSource, PriceMoveError } from "./createPriceSource.js";
import { walkFactor, walkFactorScale, walkStepBps } from "./walkFactor.js";

const eth = { groupID: "eth", priceUsdMicros: 3_000_000_000n };
const btc = { groupID: "btc", priceUsdMicros: 100_000_000_000n };
const usdc = { groupID: "usdc", priceUsdMicros: 1_000_000n };
const startMs = 1_700_000_000_000;

test("default: prices stand still (volatility 0) whatever the clock says", () => {
  const prices = createPriceSource({ startMs, now: () => startMs + 86_400_000 });
  expect(prices.priceOf(eth)).toBe(3_000_000_000n);
  expect(prices.priceOf(btc, startMs + 10 ** 9)).toBe(100_000_000_000n);
  expect(prices.reprice(eth)).toBe(eth);
  expect(prices.settings).toEqual({ seed: "attestkit-devnet", volatilityBps: 0, stepMs: 10_000, startMs });
});

test("moves by hand add up in basis points of the starting price, and undo exactly", () => {
  const kept: Record<string, number>[] = [];
  const prices = createPriceSource({ startMs, onMove: (moves) => kept.push({ ...moves }) });
  expect(prices.move("eth", -30)).toBe(-30);
  expect(prices.priceOf(eth)).toBe(2_991_000_000n);
  expect(prices.reprice(eth)).toEqual({ ...eth, priceUsdMicros: 2_991_000_000n });
  expect(prices.move("eth", 130)).toBe(100);
  expect(prices.priceOf(eth)).toBe(3_030_000_000n);
  expect(prices.move("eth", -100)).toBe(0);
  expect(prices.priceOf(eth)).toBe(3_000_000_000n);
  expect(prices.priceOf(btc)).toBe(100_000_000_000n);
  expect(kept).toEqual([{ eth: -30 }, { eth: 100 }, { eth: 0 }]);
  expect(() => prices.move("eth", -10_000)).toThrow(PriceMoveError);
  expect(() => prices.move("eth", 1.5)).toThrow(PriceMoveError);
  expect(prices.moves()).toEqual({ eth: 0 });
});

test("a restart's moves are where it starts", () => {
  const prices = createPriceSource({ startMs, moves: { btc: 250 } });
  expect(prices.priceOf(btc)).toBe(102_500_000_000n);
});

describe("the seeded walk", () => {
  const walking = (seed = "attestkit-devnet", volatilityBps = 5) =>
    createPriceSource({ startMs, volatilityBps, seed, stepMs: 10_000 });

  test("one step per stepMs since the start: the same seed and clock give the same prices, on every run", () => {
    const a = walking();
    const b = walking();
    const times = [startMs, startMs + 9_999, startMs + 10_000, startMs + 3_600_000, startMs + 86_400_000];
    expect(times.map((t) => a.priceOf(eth, t))).toEqual(times.map((t) => b.priceOf(eth, t)));
    // Within the first step nothing moved yet.
    expect(a.priceOf(eth, startMs + 9_999)).toBe(3_000_000_000n);
    // Pinned: the walk is part of the devnet's behaviour (a change here moves every seeded run).
    expect(a.priceOf(eth, startMs + 3_600_000)).toMatchInlineSnapshot(`2982002719n`);
  });

  test("read out of order (cache) or from scratch, the walk is the same", () => {
    const a = walking();
    const late = a.priceOf(eth, startMs + 600_000);
    const early = a.priceOf(eth, startMs + 100_000);
    const b = walking();
    expect(b.priceOf(eth, startMs + 100_000)).toBe(early);
    expect(b.priceOf(eth, startMs + 600_000)).toBe(late);
  });

  test("another seed walks another way; groups walk their own ways; USDC stays pegged", () => {
    const at = startMs + 3_600_000;
    expect(walking("other").priceOf(eth, at)).not.toBe(walking().priceOf(eth, at));
    const factor = (groupID: string) =>
      walkFactor({ seed: "attestkit-devnet", groupID, volatilityBps: 5, steps: 360 });
    expect(factor("eth")).not.toBe(factor("btc"));
    expect(walking().priceOf(usdc, at)).toBe(1_000_000n);
  });

  test("each step stays within the volatility, and a walk of 0 never moves", () => {
    for (let step = 1; step <= 500; step++) {
      const bps = walkStepBps({ seed: "s", groupID: "eth", step, volatilityBps: 5 });
      expect(bps >= -5n && bps <= 5n).toBe(true);
    }
    expect(walkFactor({ seed: "s", groupID: "eth", volatilityBps: 0, steps: 1_000 })).toBe(walkFactorScale);
  });

  test("moves by hand apply on top of the walk", () => {
    const prices = walking();
    const at = startMs + 600_000;
    const factor = walkFactor({ seed: "attestkit-devnet", groupID: "eth", volatilityBps: 5, steps: 60 });
    expect(prices.priceOf(eth, at)).toBe((eth.priceUsdMicros * factor) / walkFactorScale);
    prices.move("eth", 100);
    expect(prices.priceOf(eth, at)).toBe(
      (eth.priceUsdMicros * factor * 10_100n) / (walkFactorScale * 10_000n),
    );
  });
});

test("settings it cannot take are refused", () => {
  expect(() => createPriceSource({ startMs, volatilityBps: 1_001 })).toThrow(PriceMoveError);
  expect(() => createPriceSource({ startMs, volatilityBps: -1 })).toThrow(/0 to 1000/);
  expect(() => createPriceSource({ startMs, stepMs: 0 })).toThrow(/milliseconds/);
  expect(() => createPriceSource({ startMs, seed: "" })).toThrow(/seed/);
});
