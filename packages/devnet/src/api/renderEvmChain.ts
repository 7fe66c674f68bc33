import { chainFeeFields } from "./chainFeeFields.js";
import { explorerPathPrefix } from "./explorerPathPrefix.js";
import { isDefaultListCurrency } from "./isDefaultListCurrency.js";
import { renderChainCurrency } from "./renderChainCurrency.js";
import type { ApiChain, DevnetContext } from "./types.js";

/**
 * One EVM chain of `GET /chains`: its RPC URL (`httpRpcUrl`, and `wsRpcUrl`, the same JSON-RPC over
 * a websocket, `createRpcSocketServer`), the devnet's explorer (`explorerUrl`,
 * `registerExplorerRoutes`), native currency, USDC featured (the default list,
 * `isDefaultListCurrency`) and every token as an ERC-20, the devnet's fees (`chainFeeFields`),
 * contracts, solver address, `protocol.v2` slug and depository, and its incident's `disabled` and
 * `blockProductionLagging` (false without one). Its `contracts` has the interface's
 * keys, each naming the devnet contract in that role: `multicall3` and `multicaller` the open
 * `DevnetMulticall3`, `onlyOwnerMulticaller` the one only the solver may call, `relayReceiver` the
 * `AttestedDepositReceiver` (the origin only), `erc20Router` and `approvalProxy` (and `v3`'s) the
 * depository (an ERC-20 deposit is an approval of the depository and its `depositErc20`); then the
 * devnet's own keys.
 *
 * @param context - The devnet's URL, currencies, solver and incidents.
 * @param chain - The chain. {@link ApiChain}
 * @returns The chain's entry.
 * @example
 * renderEvmChain(context, chain).protocol.v2.depository
 */
export function renderEvmChain(
  context: Pick<DevnetContext, "url" | "currencies" | "solver" | "incidents">,
  chain: ApiChain,
) {
  const currencies = context.currencies.filter((currency) => currency.chainId === chain.chainId);
  const native = currencies.find((currency) => currency.isNative);
  const tokens = currencies.filter((currency) => !currency.isNative);
  const { depository, token, attestationVerifier, attestedDepositReceiver } = chain.contracts;
  const { multicall3, onlyOwnerMulticaller } = chain.contracts;
  const incident = context.incidents?.get(chain.chainId);
  return {
    id: chain.chainId,
    name: chain.name,
    displayName: `Devnet ${chain.chainId} (${chain.role})`,
    httpRpcUrl: chain.rpcUrl,
    wsRpcUrl: chain.rpcUrl.replace(/^http/, "ws"),
    explorerUrl: `${context.url}${explorerPathPrefix(chain.chainId)}`,
    explorerName: "Devnet explorer",
    iconUrl: `${context.url}/devnet/icons/eth.svg`,
    depositEnabled: true,
    tokenSupport: "All",
    disabled: incident?.disabled ?? false,
    partialDisableLimit: incident?.partialDisableLimit ?? 0,
    blockProductionLagging: incident?.blockProductionLagging ?? false,
    currency: native ? { ...renderChainCurrency(native), supportsBridging: true } : null,
    ...chainFeeFields(),
    featuredTokens: tokens.filter(isDefaultListCurrency).map((currency) => ({
      ...renderChainCurrency(currency),
      supportsBridging: true,
      metadata: { logoURI: `${context.url}/devnet/icons/${currency.groupID}.svg` },
    })),
    erc20Currencies: tokens.map((currency) => ({
      ...renderChainCurrency(currency),
      supportsBridging: true,
      ...chainFeeFields(),
    })),
    solverCurrencies: currencies.map(renderChainCurrency),
    contracts: {
      ...(multicall3 ? { multicall3, multicaller: multicall3 } : {}),
      ...(onlyOwnerMulticaller ? { onlyOwnerMulticaller } : {}),
      ...(attestedDepositReceiver ? { relayReceiver: attestedDepositReceiver } : {}),
      erc20Router: depository,
      approvalProxy: depository,
      v3: { erc20Router: depository, approvalProxy: depository },
      depository,
      token,
      ...(attestationVerifier ? { attestationVerifier } : {}),
      ...(attestedDepositReceiver ? { attestedDepositReceiver } : {}),
    },
    vmType: "evm",
    baseChainId: chain.chainId,
    solverAddresses: [context.solver.address],
    tags: ["devnet", chain.role],
    protocol: { v2: { chainId: chain.name, depository } },
  };
}
