import { expect, test } from "vitest";
import { apiUrl, currencies } from "../../../../test/support/devnetApi.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { renderAmount, renderCurrency, toUsd } from "./renderAmount.js";

const [eth, usdc] = currencies as [DevnetCurrency, DevnetCurrency];

test("default: an amount with its currency, formatted, in USD, its minimum the amount itself", () => {
  expect(renderAmount({ currency: usdc, amount: 1_500_000n, url: apiUrl })).toEqual({
    currency: {
      chainId: 31337,
      address: usdc.address,
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
      metadata: { logoURI: `${apiUrl}/devnet/icons/usdc.svg`, verified: true, isNative: false },
    },
    amount: "1500000",
    amountFormatted: "1.5",
    amountUsd: "1.5",
    minimumAmount: "1500000",
  });
});

test("a minimum amount below the amount is kept; zero renders as 0", () => {
  expect(renderAmount({ currency: eth, amount: 10n ** 18n, minimumAmount: 1n, url: apiUrl })).toMatchObject({
    amount: "1000000000000000000",
    amountFormatted: "1",
    amountUsd: "3000",
    minimumAmount: "1",
  });
  expect(renderAmount({ currency: eth, amount: 0n, url: apiUrl })).toMatchObject({
    amount: "0",
    amountFormatted: "0",
    amountUsd: "0",
    minimumAmount: "0",
  });
});

test("toUsd: micro-USD precision, rounded down", () => {
  // 1 wei of ETH at $3,000 is far below a micro-dollar.
  expect(toUsd({ currency: eth, amount: 1n })).toBe("0");
  // 333,333,333,333 wei: 0.000999999999999 USD, cut to six digits.
  expect(toUsd({ currency: eth, amount: 333_333_333_333n })).toBe("0.000999");
  expect(toUsd({ currency: usdc, amount: 1n })).toBe("0.000001");
});

test("renderCurrency: the native currency is marked, its logo named by its group", () => {
  expect(renderCurrency({ currency: eth, url: "http://x" }).metadata).toEqual({
    logoURI: "http://x/devnet/icons/eth.svg",
    verified: true,
    isNative: true,
  });
});
