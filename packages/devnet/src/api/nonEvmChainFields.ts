/**
 * The fields of `GET /chains` that the devnet's Bitcoin chain and exchange answer alike: no
 * websocket RPC or explorer name, deposits enabled without fees or surge, no tokens but the native
 * currency, and not disabled or lagging (the caller spreads the chain's incident over these).
 *
 * @returns A fresh object (its arrays are the caller's own).
 * @example
 * ({ ...nonEvmChainFields(), ...chainIncidentOf(context, bitcoin.chainId), id: bitcoin.chainId })
 */
export function nonEvmChainFields() {
  return {
    wsRpcUrl: "",
    explorerName: "",
    depositEnabled: true,
    tokenSupport: "All",
    disabled: false,
    partialDisableLimit: 0,
    blockProductionLagging: false,
    withdrawalFee: 0,
    depositFee: 0,
    surgeEnabled: false,
    featuredTokens: [],
    erc20Currencies: [],
  };
}
