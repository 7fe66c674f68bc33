import type * as z from "zod";
import type { responseSchemas } from "../../schemas/responses.js";
import type { DevnetContext } from "./types.js";

/**
 * Answers `GET /chains`: the devnet's chains with their RPC URL, native currency, test token,
 * contracts, solver address and `protocol.v2.depository`.
 *
 * @param context - The devnet.
 * @returns `{ chains }`.
 * @example
 * buildChainsResponse(context).chains[0].protocol.v2.depository
 */
export function buildChainsResponse(context: DevnetContext) {
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
      disabled: false,
      partialDisableLimit: 0,
      blockProductionLagging: false,
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
      // The devnet has none of the live routers; it lists the contracts it deployed instead.
      contracts: {
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
  return { chains } satisfies z.input<typeof responseSchemas.chains>;
}
