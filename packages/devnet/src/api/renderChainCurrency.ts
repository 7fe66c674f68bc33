import type { DevnetCurrency } from "../quote/devnetCurrencies.js";

/**
 * A currency as `GET /chains` lists it (`currency`, `featuredTokens`, `erc20Currencies`,
 * `solverCurrencies`): its group id as `id`, symbol, name, address and decimals.
 *
 * @param currency - The devnet currency.
 * @returns `{id, symbol, name, address, decimals}`.
 * @example
 * renderChainCurrency(usdc).id // "usdc"
 */
export function renderChainCurrency(currency: DevnetCurrency) {
  return {
    id: currency.groupID,
    symbol: currency.symbol,
    name: currency.name,
    address: currency.address,
    decimals: currency.decimals,
  };
}
