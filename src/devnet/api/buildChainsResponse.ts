import type * as z from "zod";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { externalExchange } from "../../chains/exchange/constants.js";
import type { responseSchemas } from "../../schemas/responses.js";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import { devnetBitcoinSlug, devnetExchangeSlug, exchangePathPrefix } from "../constants.js";
import { exchangeSolverAccount } from "../exchange/constants.js";
import type { DevnetContext } from "./types.js";

/** What `GET /chains` names of the devnet: its URL, EVM chains, currencies, solver, and whether Bitcoin and the exchange run. */
export type ChainsResponseDeps = Pick<
  DevnetContext,
  "url" | "chains" | "currencies" | "solver" | "bitcoin" | "exchange" | "incidents"
>;

/**
 * Answers `GET /chains`: the devnet's EVM chains with their RPC URL, native currency, test token,
 * contracts, solver address and `protocol.v2.depository`, then Bitcoin (8253038, `vmType` `bvm`, its
 * Esplora API as `httpRpcUrl`, the solver's deposit address) and the external exchange (3586256,
 * `vmType` `lvm`, its transfer API as `httpRpcUrl`, the relayer account index) when the devnet runs them.
 * Each chain's `disabled` and `blockProductionLagging` are its incident's (`devnet trigger
 * chain-disabled|block-lagging`), false without one.
 *
 * An EVM chain's `contracts` has the interface's keys, each naming the devnet contract in that role:
 * `multicall3` and `multicaller` the open `DevnetMulticall3`, `onlyOwnerMulticaller` the one only the
 * solver may call, `relayReceiver` the `AttestedDepositReceiver` (the origin only: the devnet has no
 * receiver on the destination), `erc20Router` and `approvalProxy` (and `v3`'s) the depository (an
 * ERC-20 deposit is an approval of the depository and its `depositErc20`); then the devnet's own keys
 * (`depository`, `token`, `attestationVerifier`, `attestedDepositReceiver`).
 *
 * @param context - {@link ChainsResponseDeps}
 * @returns `{ chains }`.
 * @example
 * buildChainsResponse(context).chains[0].protocol.v2.depository
 */
export function buildChainsResponse(context: ChainsResponseDeps) {
  const chains = [...context.chains.values()].map((chain) => {
    const currencies = context.currencies.filter((currency) => currency.chainId === chain.chainId);
    const native = currencies.find((currency) => currency.isNative);
    const tokens = currencies.filter((currency) => !currency.isNative);
    const base = (currency: (typeof currencies)[number]) => ({
      id: currency.groupID,
      symbol: currency.symbol,
      name: currency.name,
      address: currency.address,
      decimals: currency.decimals,
    });
    const { depository, token, attestationVerifier, attestedDepositReceiver } = chain.contracts;
    const { multicall3, onlyOwnerMulticaller } = chain.contracts;
    const incident = context.incidents?.get(chain.chainId);
    return {
      id: chain.chainId,
      name: chain.name,
      displayName: `Devnet ${chain.chainId} (${chain.role})`,
      httpRpcUrl: chain.rpcUrl,
      wsRpcUrl: "",
      explorerUrl: "",
      explorerName: "",
      iconUrl: `${context.url}/devnet/icons/eth.svg`,
      depositEnabled: true,
      tokenSupport: "All",
      disabled: incident?.disabled ?? false,
      partialDisableLimit: 0,
      blockProductionLagging: incident?.blockProductionLagging ?? false,
      currency: native ? { ...base(native), supportsBridging: true } : null,
      withdrawalFee: 0,
      depositFee: 0,
      surgeEnabled: false,
      featuredTokens: tokens.map((currency) => ({
        ...base(currency),
        supportsBridging: true,
        metadata: { logoURI: `${context.url}/devnet/icons/${currency.groupID}.svg` },
      })),
      erc20Currencies: tokens.map((currency) => ({
        ...base(currency),
        supportsBridging: true,
        withdrawalFee: 0,
        depositFee: 0,
        surgeEnabled: false,
      })),
      solverCurrencies: currencies.map(base),
      // The interface's keys name the devnet contract in each role (the doc comment says which).
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
  });
  const common = {
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
  const routes = [];
  if (context.bitcoin) {
    const currency = {
      id: "btc",
      symbol: bitcoin.symbol,
      name: "Bitcoin",
      address: bitcoin.nativeCurrency,
      decimals: bitcoin.decimals,
    };
    const solverAddress = context.bitcoin.solverWallet.p2wpkhAddress;
    routes.push({
      ...common,
      ...incidentOf(context, bitcoin.chainId),
      id: bitcoin.chainId,
      name: devnetBitcoinSlug,
      displayName: `Devnet Bitcoin ${bitcoin.chainId}`,
      httpRpcUrl: `${context.url}${esploraPathPrefix}`,
      explorerUrl: `${context.url}${esploraPathPrefix}`,
      iconUrl: `${context.url}/devnet/icons/btc.svg`,
      currency: { ...currency, supportsBridging: true },
      solverCurrencies: [currency],
      contracts: {},
      vmType: "bvm",
      baseChainId: bitcoin.chainId,
      solverAddresses: [solverAddress],
      tags: ["devnet", "bitcoin"],
      protocol: { v2: { chainId: devnetBitcoinSlug, depository: solverAddress } },
    });
  }
  if (context.exchange) {
    const currency = {
      id: "usdc",
      symbol: externalExchange.symbol,
      name: "USD Coin (Perp)",
      address: externalExchange.currency,
      decimals: externalExchange.decimals,
    };
    const relayer = String(exchangeSolverAccount.accountIndex);
    routes.push({
      ...common,
      ...incidentOf(context, externalExchange.chainId),
      id: externalExchange.chainId,
      name: devnetExchangeSlug,
      displayName: `Devnet exchange ${externalExchange.chainId}`,
      httpRpcUrl: `${context.url}${exchangePathPrefix}`,
      explorerUrl: "",
      iconUrl: `${context.url}/devnet/icons/usdc.svg`,
      currency: { ...currency, supportsBridging: true },
      solverCurrencies: [currency],
      contracts: {},
      vmType: "lvm",
      baseChainId: externalExchange.chainId,
      solverAddresses: [relayer],
      tags: ["devnet", "exchange"],
      protocol: { v2: { chainId: devnetExchangeSlug, depository: relayer } },
    });
  }
  return { chains: [...chains, ...routes] } satisfies z.input<typeof responseSchemas.chains>;
}

/** A chain's incident as `/chains` reports it: `disabled` and `blockProductionLagging`, false without one. */
function incidentOf(context: ChainsResponseDeps, chainId: number) {
  const incident = context.incidents?.get(chainId);
  return {
    disabled: incident?.disabled ?? false,
    blockProductionLagging: incident?.blockProductionLagging ?? false,
  };
}
