import type { CurrenciesRequest, responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import { searchCurrencies } from "./searchCurrencies.js";
import { searchExternalCurrencies } from "./searchExternalCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What the currencies search reads: the devnet's currencies, chains, Bitcoin and exchange, and its URL. */
export type CurrenciesDeps = Pick<DevnetContext, "currencies" | "chains" | "bitcoin" | "exchange" | "url">;

export type HandleCurrenciesParameters = {
  context: CurrenciesDeps;
  /** A body the shared currencies schema accepted. */
  body: CurrenciesRequest;
};

/**
 * Answers `POST /currencies/v1`: the devnet's currencies the filters match (`searchCurrencies`;
 * `defaultList: true` keeps its default list, `isDefaultListCurrency`), then, with
 * `useExternalSearch: true`, the ERC-20s it does not list at the addresses the body names, read from
 * the chains (`searchExternalCurrencies`), each a group of its own (`groupID` its chain and address),
 * `metadata.verified` false and without a logo; `limit` caps the groups of both together.
 *
 * @param parameters - {@link HandleCurrenciesParameters}
 * @returns Groups of currencies.
 * @example
 * await handleCurrencies({ context, body: { address, chainIds: [31337], useExternalSearch: true } })
 */
export async function handleCurrencies({ context, body }: HandleCurrenciesParameters) {
  const listed = listDevnetCurrencies(context);
  const groups = searchCurrencies({ currencies: listed, body, url: context.url });
  const external = await searchExternalCurrencies({ chains: context.chains, listed, body });
  const externalGroups = external.map((currency) => [
    {
      groupID: `${currency.chainId}:${currency.address.toLowerCase()}`,
      ...currency,
      vmType: "evm",
      metadata: { verified: false, isNative: false },
    },
  ]);
  return [...groups, ...externalGroups].slice(0, body.limit ?? Number.POSITIVE_INFINITY) satisfies z.input<
    typeof responseSchemas.currencies
  >;
}
