import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { overviewChainBalances } from "./overviewChainBalances.js";
import type { ChainBalances } from "./readChainBalances.js";
import type { OverviewContract } from "./types.js";

/** The Solidity contract behind each key of a chain's contracts. */
const contractNames: Record<keyof DevnetContracts, string> = {
  depository: "DevnetDepository",
  token: "DevnetEip3009Token",
  depositAddressFactory: "DevnetDepositAddressFactory",
  attestationVerifier: "AttestationVerifier",
  attestedDepositReceiver: "AttestedDepositReceiver",
  weth: "DevnetWeth",
  swapRouter: "DevnetSwapRouter",
  multicall3: "DevnetMulticall3",
  onlyOwnerMulticaller: "DevnetMulticall3 (owner: the solver)",
  orderVerifier: "OrderVerifier",
  receiver: "AttestedDepositReceiver (owner: test account 0)",
};

/**
 * The deployed contracts of the overview, chain by chain in the order of the contracts' keys, each
 * with the Solidity contract behind it and what it holds on its chain (native and token); a key a
 * chain has no contract for (the destination's receiver) is left out.
 *
 * @param evm - The EVM chains as the overview read them. {@link ChainBalances}
 * @param currencies - The devnet's currencies.
 * @returns The contracts. {@link OverviewContract}
 * @example
 * overviewContracts(evm, context.currencies)[0].contract // "DevnetDepository"
 */
export function overviewContracts(
  evm: readonly ChainBalances[],
  currencies: readonly DevnetCurrency[],
): OverviewContract[] {
  return evm.flatMap((read) =>
    (Object.keys(contractNames) as (keyof DevnetContracts)[]).flatMap((name) => {
      const address = read.chain.contracts[name];
      if (address === undefined) return [];
      return [
        {
          chainId: read.chain.chainId,
          name,
          contract: contractNames[name],
          address,
          balances: overviewChainBalances({ read, currencies, address }),
        },
      ];
    }),
  );
}
