import type { CurrenciesRequest } from "attestkit/schemas";
import { type Address, getAddress, isAddress } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { type ExternalCurrency, readExternalCurrency } from "./readExternalCurrency.js";
import { sameIgnoringCase } from "./sameIgnoringCase.js";
import type { ApiChain } from "./types.js";

export type SearchExternalCurrenciesParameters = {
  /** The devnet's EVM chains. */
  chains: ReadonlyMap<number, Pick<ApiChain, "request">>;
  /** The currencies the devnet lists: these are never searched externally. */
  listed: readonly DevnetCurrency[];
  /** A body the shared currencies schema accepted. */
  body: CurrenciesRequest;
};

/**
 * The `useExternalSearch` half of `POST /currencies/v1`: ERC-20s the devnet does not list, read from
 * the chains (`readExternalCurrency`), at the addresses the body names: `address` on each chain of
 * `chainIds` (every EVM chain without them) and each `tokens` entry (`<chainId>:<address>`). A term
 * alone finds nothing external: the chains have no index of names. The other filters hold as for the
 * list (`term` against the symbol, name or address; `currencyId` never matches, these have no group);
 * `verified: true` and `depositAddressOnly` exclude them (unverified, not native).
 *
 * @param parameters - {@link SearchExternalCurrenciesParameters}
 * @returns The currencies found, in the order asked.
 * @example
 * await searchExternalCurrencies({ chains, listed, body: { address, chainIds: [31337], useExternalSearch: true } })
 */
export async function searchExternalCurrencies({
  chains,
  listed,
  body,
}: SearchExternalCurrenciesParameters): Promise<ExternalCurrency[]> {
  if (body.useExternalSearch !== true || body.verified === true || body.depositAddressOnly === true)
    return [];
  if (body.currencyId !== undefined) return [];
  const wanted: { chainId: number; address: Address }[] = [];
  if (body.address !== undefined && isAddress(body.address, { strict: false }))
    for (const chainId of body.chainIds ?? [...chains.keys()])
      wanted.push({ chainId, address: getAddress(body.address) });
  for (const token of body.tokens ?? []) {
    const [chainId, address] = [
      Number(token.slice(0, token.indexOf(":"))),
      token.slice(token.indexOf(":") + 1),
    ];
    if (isAddress(address, { strict: false }) && (body.chainIds?.includes(chainId) ?? true))
      wanted.push({ chainId, address: getAddress(address) });
  }
  const unlisted = wanted.filter(
    ({ chainId, address }, index) =>
      chains.has(chainId) &&
      !listed.some((c) => c.chainId === chainId && sameIgnoringCase(c.address, address)) &&
      wanted.findIndex((w) => w.chainId === chainId && w.address === address) === index,
  );
  const found = await Promise.all(
    unlisted.map(({ chainId, address }) =>
      readExternalCurrency({
        chainId,
        address,
        request: (chains.get(chainId) as Pick<ApiChain, "request">).request,
      }),
    ),
  );
  const term = body.term?.toLowerCase();
  return found.filter(
    (currency): currency is ExternalCurrency =>
      currency !== undefined &&
      (term === undefined ||
        currency.symbol.toLowerCase().includes(term) ||
        currency.name.toLowerCase().includes(term) ||
        currency.address.toLowerCase() === term),
  );
}
