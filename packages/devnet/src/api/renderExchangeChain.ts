import { externalExchange } from "attestkit/chains";
import { devnetExchangeSlug, exchangePathPrefix } from "../constants.js";
import { exchangeSolverAccount } from "../exchange/constants.js";
import { chainIncidentOf } from "./chainIncidentOf.js";
import { explorerPathPrefix } from "./explorerPathPrefix.js";
import { nonEvmChainFields } from "./nonEvmChainFields.js";
import type { DevnetContext } from "./types.js";

/**
 * The devnet's external exchange (3586256) as `GET /chains` lists it: `vmType` `lvm`, its transfer
 * API as `httpRpcUrl`, the devnet's explorer (`/explorer/3586256`: transfers by hash, accounts) as
 * `explorerUrl`, USDC (perp) as its only currency, and the relayer's account index as solver
 * and as `protocol.v2.depository` (deposits are transfers to it, bound by their memo).
 *
 * @param context - The devnet's URL and incidents.
 * @returns The chain's entry.
 * @example
 * renderExchangeChain(context).protocol.v2.depository // "1000"
 */
export function renderExchangeChain(context: Pick<DevnetContext, "url" | "incidents">) {
  const currency = {
    id: "usdc",
    symbol: externalExchange.symbol,
    name: "USD Coin (Perp)",
    address: externalExchange.currency,
    decimals: externalExchange.decimals,
  };
  const relayer = String(exchangeSolverAccount.accountIndex);
  return {
    ...nonEvmChainFields(),
    ...chainIncidentOf(context, externalExchange.chainId),
    id: externalExchange.chainId,
    name: devnetExchangeSlug,
    displayName: `Devnet exchange ${externalExchange.chainId}`,
    httpRpcUrl: `${context.url}${exchangePathPrefix}`,
    explorerUrl: `${context.url}${explorerPathPrefix(externalExchange.chainId)}`,
    explorerName: "Devnet explorer",
    iconUrl: `${context.url}/devnet/icons/usdc.svg`,
    currency: { ...currency, supportsBridging: true },
    solverCurrencies: [currency],
    contracts: {},
    vmType: "lvm",
    baseChainId: externalExchange.chainId,
    solverAddresses: [relayer],
    tags: ["devnet", "exchange"],
    protocol: { v2: { chainId: devnetExchangeSlug, depository: relayer } },
  };
}
