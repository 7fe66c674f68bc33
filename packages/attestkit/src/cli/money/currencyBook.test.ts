import { zeroAddress } from "viem";
import { expect, test } from "vitest";
import type { ChainsResponse } from "../../schemas/index.js";
import { currencyKey, toCurrencyBook } from "./currencyBook.js";
import { findCurrencyUnits } from "./findCurrencyUnits.js";

const usdc = "0xC90ae91eB21AFa918a28C6e7D3D160B4539CddfE";
const answer = {
  chains: [
    {
      id: 31337,
      name: "devnet-origin",
      currency: { symbol: "ETH", address: zeroAddress, decimals: 18 },
      erc20Currencies: [{ symbol: "USDC", address: usdc, decimals: 6 }],
      featuredTokens: [{ symbol: "NODEC", address: "0x1111111111111111111111111111111111111111" }],
    },
    { id: 8253038, name: "bitcoin", currency: { symbol: "BTC", address: "bc1qqqq", decimals: 8 } },
  ],
} as unknown as ChainsResponse;

test("default: every listed currency with decimals, keyed by chain and lower-case address", () => {
  const book = toCurrencyBook(answer);
  expect(book.get(currencyKey(31337, usdc))).toEqual({ symbol: "USDC", decimals: 6 });
  expect(book.get(`31337:${usdc.toLowerCase()}`)).toEqual({ symbol: "USDC", decimals: 6 });
  expect(book.get(currencyKey(8253038, "bc1qqqq"))).toEqual({ symbol: "BTC", decimals: 8 });
  // Without decimals a currency is left out.
  expect(book.get(currencyKey(31337, "0x1111111111111111111111111111111111111111"))).toBeUndefined();
});

test("findCurrencyUnits: the book first; the zero address is 18 decimals without it; else not known", () => {
  const book = toCurrencyBook(answer);
  expect(findCurrencyUnits({ book, chainId: "31337", address: usdc.toLowerCase() })).toEqual({
    symbol: "USDC",
    decimals: 6,
  });
  expect(findCurrencyUnits({ book: new Map(), chainId: 1, address: zeroAddress })).toEqual({
    symbol: undefined,
    decimals: 18,
  });
  expect(findCurrencyUnits({ book: new Map(), chainId: 1, address: usdc })).toBeUndefined();
  expect(findCurrencyUnits({ book, chainId: null, address: usdc })).toBeUndefined();
});
