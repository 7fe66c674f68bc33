import { expect, test } from "vitest";
import { AmountTooLowError, computeQuoteAmounts } from "./computeQuoteAmounts.js";
import { devnetCurrencies } from "./devnetCurrencies.js";

const [eth, usdc] = devnetCurrencies({
  chains: [{ chainId: 1, token: "0x00000000000000000000000000000000000000aa" }],
}) as [ReturnType<typeof devnetCurrencies>[number], ReturnType<typeof devnetCurrencies>[number]];

test("default: EXACT_INPUT takes 10 bps and $0.01 from the input", () => {
  expect(
    computeQuoteAmounts({
      tradeType: "EXACT_INPUT",
      amount: 1_000_000n,
      currencyIn: usdc,
      currencyOut: usdc,
    }),
  ).toEqual({
    amountIn: 1_000_000n,
    amountOut: 989_000n,
    fees: { relayerService: 1_000n, relayerGas: 10_000n, app: 0n, subsidized: 0n },
  });
});

test("EXACT_INPUT rounds fees up and the output down across prices", () => {
  const { amountOut, fees } = computeQuoteAmounts({
    tradeType: "EXACT_INPUT",
    amount: 10n ** 18n,
    currencyIn: eth,
    currencyOut: usdc,
  });
  expect(fees.relayerGas).toBe(3_333_333_333_334n);
  expect(amountOut).toBe(2_996_989_999n);
});

test("EXACT_OUTPUT: the smallest input whose net covers the output, for every amount around a rounding edge", () => {
  for (const amount of [1n, 999n, 1_000n, 1_001n, 250_000_000n, 123_456_789n]) {
    const { amountIn, amountOut, fees } = computeQuoteAmounts({
      tradeType: "EXACT_OUTPUT",
      amount,
      currencyIn: usdc,
      currencyOut: usdc,
    });
    expect(amountOut).toBe(amount);
    const net = amountIn - fees.relayerService - fees.relayerGas;
    expect(net).toBeGreaterThanOrEqual(amount);
    // One unit less would not cover it (or not even the fees).
    let less = 0n;
    try {
      less = computeQuoteAmounts({
        tradeType: "EXACT_INPUT",
        amount: amountIn - 1n,
        currencyIn: usdc,
        currencyOut: usdc,
      }).amountOut;
    } catch (error) {
      expect(error).toBeInstanceOf(AmountTooLowError);
    }
    expect(less).toBeLessThan(amount);
  }
  expect(
    computeQuoteAmounts({
      tradeType: "EXPECTED_OUTPUT",
      amount: 250_000_000n,
      currencyIn: usdc,
      currencyOut: usdc,
    }).amountIn,
  ).toBe(250_260_261n);
});

test("app fees are added; a sponsor pays its components up to the cap", () => {
  const base = { tradeType: "EXACT_INPUT" as const, amount: 1_000_000n, currencyIn: usdc, currencyOut: usdc };
  expect(computeQuoteAmounts({ ...base, appFeeBps: 50n }).amountOut).toBe(984_000n);
  expect(computeQuoteAmounts({ ...base, subsidy: { components: ["execution", "relay"] } })).toMatchObject({
    amountOut: 1_000_000n,
    fees: { subsidized: 11_000n },
  });
  expect(
    computeQuoteAmounts({ ...base, subsidy: { components: ["execution", "relay"], maxUsdMicros: 5_000n } }),
  ).toMatchObject({
    amountOut: 994_000n,
    fees: { subsidized: 5_000n },
  });
});

test("too low: zero, or not enough to cover the fees", () => {
  // $0.01 + 10 bps: 10,012 units leave 1 after fees, 10,011 leave none.
  expect(
    computeQuoteAmounts({ tradeType: "EXACT_INPUT", amount: 10_012n, currencyIn: usdc, currencyOut: usdc })
      .amountOut,
  ).toBe(1n);
  expect(() =>
    computeQuoteAmounts({ tradeType: "EXACT_INPUT", amount: 10_011n, currencyIn: usdc, currencyOut: usdc }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [AmountTooLowError: Amount 10011 is too low to cover the fees (minimum 10012).

    minimum: 10012
    Version: attestkit@0.1.0]
  `);
  expect(() =>
    computeQuoteAmounts({ tradeType: "EXACT_INPUT", amount: 0n, currencyIn: usdc, currencyOut: usdc }),
  ).toThrow(AmountTooLowError);
  expect(() =>
    computeQuoteAmounts({ tradeType: "EXACT_OUTPUT", amount: 0n, currencyIn: usdc, currencyOut: eth }),
  ).toThrow(AmountTooLowError);
});

test("a swap's price impact grows with the amount (constant product); EXACT_OUTPUT buys exactly through it", () => {
  const liquidity = 1_000_000_000_000n; // 1,000,000 USDC
  const impactOf = (amount: bigint) => {
    const { amountOut, swapImpact } = computeQuoteAmounts({
      tradeType: "EXACT_INPUT",
      amount,
      currencyIn: eth,
      currencyOut: usdc,
      swapLiquidity: liquidity,
    });
    return { amountOut, swapImpact: swapImpact as bigint };
  };
  const small = impactOf(10n ** 18n);
  const large = impactOf(100n * 10n ** 18n);
  // 1 ETH: 2,996.99 USDC before impact; the pool takes o^2 / (L + o).
  expect(small.amountOut + small.swapImpact).toBe(2_996_989_999n);
  expect(small.swapImpact).toBe(2_996_989_999n - (2_996_989_999n * liquidity) / (liquidity + 2_996_989_999n));
  expect(Number(large.swapImpact) / Number(large.amountOut + large.swapImpact)).toBeGreaterThan(
    (100 * Number(small.swapImpact)) / Number(small.amountOut + small.swapImpact) / 2,
  );
  for (const amount of [1_000_000n, 2_996_989_999n, 250_000_000_000n]) {
    const exact = computeQuoteAmounts({
      tradeType: "EXACT_OUTPUT",
      amount,
      currencyIn: eth,
      currencyOut: usdc,
      swapLiquidity: liquidity,
    });
    expect(exact.amountOut).toBe(amount);
    // The input it asks for, swapped back as EXACT_INPUT, yields at least the amount; one wei less does not.
    const back = (amountIn: bigint) =>
      computeQuoteAmounts({
        tradeType: "EXACT_INPUT",
        amount: amountIn,
        currencyIn: eth,
        currencyOut: usdc,
        swapLiquidity: liquidity,
      }).amountOut;
    expect(back(exact.amountIn)).toBeGreaterThanOrEqual(amount);
    expect((exact.swapImpact as bigint) > 0n).toBe(true);
  }
  expect(() =>
    computeQuoteAmounts({
      tradeType: "EXACT_OUTPUT",
      amount: liquidity,
      currencyIn: eth,
      currencyOut: usdc,
      swapLiquidity: liquidity,
    }),
  ).toThrow(/liquidity/);
  // Without a pool depth nothing changes.
  expect(
    computeQuoteAmounts({ tradeType: "EXACT_INPUT", amount: 10n ** 18n, currencyIn: eth, currencyOut: usdc }),
  ).not.toHaveProperty("swapImpact");
});

test("a gasless origin transaction's gas is charged with the relayer gas fee (and sponsored as execution)", () => {
  const base = { tradeType: "EXACT_INPUT", amount: 1_000_000n, currencyIn: usdc, currencyOut: usdc } as const;
  const charged = computeQuoteAmounts({ ...base, originGasUsdMicros: 300_000n });
  expect(charged.fees.relayerGas).toBe(310_000n);
  expect(charged.amountOut).toBe(computeQuoteAmounts(base).amountOut - 300_000n);
  const sponsored = computeQuoteAmounts({
    ...base,
    originGasUsdMicros: 300_000n,
    subsidy: { components: ["execution"] },
  });
  expect(sponsored.fees.subsidized).toBe(310_000n);
});
