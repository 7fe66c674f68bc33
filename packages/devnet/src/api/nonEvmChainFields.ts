import { chainFeeFields } from "./chainFeeFields.js";

/**
 * The fields of `GET /chains` that the devnet's Bitcoin chain and exchange answer alike: no
 * websocket RPC, deposits enabled, the devnet's fees (`chainFeeFields`), no tokens but the native
 * currency, and not disabled or lagging (the caller spreads the chain's incident over these).
 *
 * @returns A fresh object (its arrays are the caller's own).
 * @example
 * ({ ...nonEvmChainFields(), ...chainIncidentOf(context, bitcoin.chainId), id: bitcoin.chainId })
 */
export function nonEvmChainFields() {
  return {
    wsRpcUrl: "",
    depositEnabled: true,
    tokenSupport: "All",
    disabled: false,
    partialDisableLimit: 0,
    blockProductionLagging: false,
    ...chainFeeFields(),
    featuredTokens: [],
    erc20Currencies: [],
  };
}
