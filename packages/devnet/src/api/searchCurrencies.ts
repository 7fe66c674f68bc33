import { vmTypeOfChain } from "attestkit/attestation";
import type { CurrenciesRequest, responseSchemas } from "attestkit/schemas";
import { isNativeCurrency } from "attestkit/schemas";
import { isAddressEqual } from "viem";
import type * as z from "zod";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { isDefaultListCurrency } from "./isDefaultListCurrency.js";
import { renderCurrency } from "./renderAmount.js";

export type SearchCurrenciesParameters = {
  currencies: readonly DevnetCurrency[];
  /** A body the shared currencies schema accepted. */
  body: CurrenciesRequest;
  url: string;
};

/**
 * Answers `POST /currencies/v1`: every filter of the body applies (together, like AND). `chainIds`,
 * `address`, `currencyId` (the group), `tokens` (`<chainId>:<address>`), `term` (symbol or name
 * contains it, case-insensitive, or equals the address), `verified`; `includeAllChains` widens a
 * match to its group on every chain; `depositAddressOnly` keeps the native currencies (the interface's
 * deposit addresses bridge native currencies only: `isNativeCurrency`, the rule the request schemas
 * hold quotes to); `defaultList: true` keeps the default list (`isDefaultListCurrency`: all but the
 * devnet's WETH); `limit` caps the number of groups. `useExternalSearch` is `handleCurrencies`'s
 * (`searchExternalCurrencies`): the devnet's own list is searched alike with or without it.
 *
 * @param parameters - {@link SearchCurrenciesParameters}
 * @returns Groups of currencies (one group per currency, one entry per chain).
 * @example
 * searchCurrencies({ currencies, body: { chainIds: [31337], term: "usd" }, url }) // [[USDC on 31337]]
 */
export function searchCurrencies({ currencies, body, url }: SearchCurrenciesParameters) {
  const term = body.term?.toLowerCase();
  const tokens = body.tokens?.map((token) => {
    const [chainId, address] = [token.slice(0, token.indexOf(":")), token.slice(token.indexOf(":") + 1)];
    return { chainId: Number(chainId), address: address.toLowerCase() };
  });
  const matches = (currency: DevnetCurrency, ignoreChain: boolean) =>
    (ignoreChain || body.chainIds === undefined || body.chainIds.includes(currency.chainId)) &&
    (body.address === undefined || equalAddress(currency.address, body.address)) &&
    (body.currencyId === undefined || currency.groupID === body.currencyId) &&
    (tokens === undefined ||
      tokens.some(
        (t) =>
          (ignoreChain || t.chainId === currency.chainId) && t.address === currency.address.toLowerCase(),
      )) &&
    (term === undefined ||
      currency.symbol.toLowerCase().includes(term) ||
      currency.name.toLowerCase().includes(term) ||
      currency.address.toLowerCase() === term) &&
    (body.verified === undefined || body.verified === true) &&
    (body.defaultList !== true || isDefaultListCurrency(currency)) &&
    (body.depositAddressOnly !== true ||
      isNativeCurrency({ chainId: currency.chainId, currency: currency.address }) === true);

  let found = currencies.filter((currency) => matches(currency, false));
  if (body.includeAllChains === true) {
    const groups = new Set(found.map((currency) => currency.groupID));
    found = currencies.filter((currency) => groups.has(currency.groupID));
  }
  const grouped = new Map<string, DevnetCurrency[]>();
  for (const currency of found)
    grouped.set(currency.groupID, [...(grouped.get(currency.groupID) ?? []), currency]);
  const groups = [...grouped.values()].slice(0, body.limit ?? Number.POSITIVE_INFINITY);
  return groups.map((group) =>
    group.map((currency) => ({
      groupID: currency.groupID,
      ...renderCurrency({ currency, url }),
      vmType: vmTypeOfChain({ chainId: currency.chainId }),
    })),
  ) satisfies z.input<typeof responseSchemas.currencies>;
}

/** EVM addresses in any case; any other identifier (a Bitcoin address, the exchange's `0`) exactly. */
function equalAddress(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return isAddressEqual(a as `0x${string}`, b as `0x${string}`);
  } catch {
    return false;
  }
}
