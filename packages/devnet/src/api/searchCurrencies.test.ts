import { expect, test } from "vitest";
import { apiUrl, currencies, destinationToken, originToken } from "../../../../test/support/devnetApi.js";
import { nativeCurrencyAddress } from "../constants.js";
import { searchCurrencies } from "./searchCurrencies.js";

/** Each group as `symbol@chainId` entries. */
const found = (body: Parameters<typeof searchCurrencies>[0]["body"]) =>
  searchCurrencies({ currencies, body, url: apiUrl }).map((group) =>
    group.map((currency) => `${currency.symbol}@${currency.chainId}`),
  );

test("default: no filter lists every currency, one group per currency, one entry per chain", () => {
  const groups = searchCurrencies({ currencies, body: {}, url: apiUrl });
  expect(groups.map((group) => group.map((currency) => `${currency.symbol}@${currency.chainId}`))).toEqual([
    ["ETH@31337", "ETH@31338"],
    ["USDC@31337", "USDC@31338"],
  ]);
  expect(groups[1]?.[0]).toEqual({
    groupID: "usdc",
    chainId: 31337,
    address: originToken,
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    metadata: { logoURI: `${apiUrl}/devnet/icons/usdc.svg`, verified: true, isNative: false },
    vmType: "evm",
  });
});

test("chainIds, address and currencyId narrow the list (together, like AND)", () => {
  expect(found({ chainIds: [31338] })).toEqual([["ETH@31338"], ["USDC@31338"]]);
  expect(found({ address: destinationToken.toLowerCase() })).toEqual([["USDC@31338"]]);
  expect(found({ currencyId: "eth", chainIds: [31337] })).toEqual([["ETH@31337"]]);
  expect(found({ currencyId: "eth", address: originToken })).toEqual([]);
  // A malformed address matches nothing rather than throwing.
  expect(found({ address: "0x1234" })).toEqual([]);
  expect(found({ chainIds: [1] })).toEqual([]);
});

test("term: symbol or name contains it (any case), or it is the address", () => {
  expect(found({ term: "usd" })).toEqual([["USDC@31337", "USDC@31338"]]);
  expect(found({ term: "ETHER" })).toEqual([["ETH@31337", "ETH@31338"]]);
  expect(found({ term: originToken.toUpperCase().replace("0X", "0x") })).toEqual([["USDC@31337"]]);
  expect(found({ term: "doge" })).toEqual([]);
});

test("tokens: <chainId>:<address> pairs; includeAllChains widens a match to its group", () => {
  expect(found({ tokens: [`31337:${nativeCurrencyAddress}`] })).toEqual([["ETH@31337"]]);
  expect(found({ tokens: [`31338:${originToken}`] })).toEqual([]);
  expect(found({ tokens: [`31337:${originToken}`], includeAllChains: true })).toEqual([
    ["USDC@31337", "USDC@31338"],
  ]);
  expect(found({ chainIds: [31337], term: "usdc", includeAllChains: true })).toEqual([
    ["USDC@31337", "USDC@31338"],
  ]);
});

test("verified: false finds nothing (every devnet currency is verified); limit caps the groups", () => {
  expect(found({ verified: false })).toEqual([]);
  expect(found({ verified: true })).toHaveLength(2);
  expect(found({ limit: 1 })).toEqual([["ETH@31337", "ETH@31338"]]);
  expect(found({ limit: 0 })).toEqual([]);
});

test("depositAddressOnly keeps the native currencies; useExternalSearch leaves the devnet's own list as it is", () => {
  expect(found({ depositAddressOnly: true })).toEqual([["ETH@31337", "ETH@31338"]]);
  expect(found({ depositAddressOnly: false })).toEqual(found({}));
  expect(found({ defaultList: false, useExternalSearch: true })).toEqual(found({}));
});

test("defaultList keeps the default list: not the devnet's WETH", () => {
  const usdc = currencies[1] as (typeof currencies)[number];
  const weth = {
    ...usdc,
    address: "0x00000000000000000000000000000000000077e7" as const,
    symbol: "WETH",
    groupID: "weth",
  };
  const withWeth = [...currencies, weth];
  const groups = (body: Parameters<typeof searchCurrencies>[0]["body"]) =>
    searchCurrencies({ currencies: withWeth, body, url: apiUrl }).map((group) => group[0]?.symbol);
  expect(groups({})).toEqual(["ETH", "USDC", "WETH"]);
  expect(groups({ defaultList: true })).toEqual(["ETH", "USDC"]);
  expect(groups({ defaultList: true, term: "weth" })).toEqual([]);
});
