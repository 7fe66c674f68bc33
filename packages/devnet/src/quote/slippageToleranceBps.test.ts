import { describe, expect, test } from "vitest";
import { loadFixture } from "../../../../test/support/fixtures.js";
import { automaticSwapSlippageBps, slippageToleranceBps } from "./slippageToleranceBps.js";

const eth = { groupID: "eth" };
const usdc = { groupID: "usdc" };
const btc = { groupID: "btc" };

describe("slippageToleranceBps", () => {
  test.each([
    ["default: a swap without slippageTolerance: 50 bps", undefined, usdc, eth, 50n],
    ["ETH -> USDC: a swap", undefined, eth, usdc, 50n],
    ["BTC -> ETH: a swap", undefined, btc, eth, 50n],
    ["a bridge of one asset: 0", undefined, eth, eth, 0n],
    ["a wrap (ETH -> WETH, priced as one): 0", undefined, eth, { groupID: "weth" }, 0n],
    ["USDC -> USDC-perp (one group): 0", undefined, usdc, usdc, 0n],
    ["given: as given, on a swap", "0", usdc, eth, 0n],
    ["given: as given, on a bridge", "125", eth, eth, 125n],
  ] as const)("%s", (_, slippageTolerance, currencyIn, currencyOut, bps) => {
    expect(slippageToleranceBps({ slippageTolerance, currencyIn, currencyOut })).toBe(bps);
  });

  // The rule's source: the live service's public samples.
  test("the live samples: a ~$100 USDC -> ETH swap and a BTC -> ETH swap at 0.50 %, an ETH bridge at 0", () => {
    const swap = loadFixture("quote.evm-swap.json").details;
    expect(swap.slippageTolerance.destination.percent).toBe("0.50");
    expect(swap.slippageTolerance.origin.percent).toBe("0.00");
    // The samples' minimums are the amount less 0.50 %, to within their rounding (a hundredth of a bp).
    const bpsOf = ({ amount, minimumAmount }: { amount: string; minimumAmount: string }) =>
      Number(((BigInt(amount) - BigInt(minimumAmount)) * 1_000_000n) / BigInt(amount)) / 100;
    expect(bpsOf(swap.currencyOut)).toBeCloseTo(Number(automaticSwapSlippageBps), 1);
    expect(bpsOf(loadFixture("quote.bitcoin-origin.json").details.currencyOut)).toBeCloseTo(
      Number(automaticSwapSlippageBps),
      1,
    );
    const bridge = loadFixture("quote.eth-to-base.json").details.currencyOut;
    expect(bridge.minimumAmount).toBe(bridge.amount);
  });
});
