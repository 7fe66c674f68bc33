import { bitcoin } from "attestkit/chains";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import { devnetBitcoinSlug } from "../constants.js";
import { chainIncidentOf } from "./chainIncidentOf.js";
import { nonEvmChainFields } from "./nonEvmChainFields.js";
import type { DevnetBitcoin, DevnetContext } from "./types.js";

/**
 * The devnet's Bitcoin chain (8253038) as `GET /chains` lists it: `vmType` `bvm`, its Esplora API
 * as `httpRpcUrl` and explorer, BTC as its only currency, and the solver's P2WPKH address as solver
 * and as `protocol.v2.depository` (deposits pay it, bound to their request by OP_RETURN).
 *
 * @param context - The devnet's URL and incidents.
 * @param devnetBitcoin - The running Bitcoin chain. {@link DevnetBitcoin}
 * @returns The chain's entry.
 * @example
 * renderBitcoinChain(context, context.bitcoin).protocol.v2.depository // "bc1q..."
 */
export function renderBitcoinChain(
  context: Pick<DevnetContext, "url" | "incidents">,
  devnetBitcoin: DevnetBitcoin,
) {
  const currency = {
    id: "btc",
    symbol: bitcoin.symbol,
    name: "Bitcoin",
    address: bitcoin.nativeCurrency,
    decimals: bitcoin.decimals,
  };
  const solverAddress = devnetBitcoin.solverWallet.p2wpkhAddress;
  return {
    ...nonEvmChainFields(),
    ...chainIncidentOf(context, bitcoin.chainId),
    id: bitcoin.chainId,
    name: devnetBitcoinSlug,
    displayName: `Devnet Bitcoin ${bitcoin.chainId}`,
    httpRpcUrl: `${context.url}${esploraPathPrefix}`,
    explorerUrl: `${context.url}${esploraPathPrefix}`,
    explorerName: "Esplora",
    iconUrl: `${context.url}/devnet/icons/btc.svg`,
    currency: { ...currency, supportsBridging: true },
    solverCurrencies: [currency],
    contracts: {},
    vmType: "bvm",
    baseChainId: bitcoin.chainId,
    solverAddresses: [solverAddress],
    tags: ["devnet", "bitcoin"],
    protocol: { v2: { chainId: devnetBitcoinSlug, depository: solverAddress } },
  };
}
