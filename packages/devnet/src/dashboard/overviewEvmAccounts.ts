import type { Address } from "viem";
import { devnetSponsorAddress, devnetTestAccounts } from "../constants.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { overviewChainBalances } from "./overviewChainBalances.js";
import type { ChainBalances } from "./readChainBalances.js";
import type { OverviewAccount } from "./types.js";

/**
 * The funded EVM accounts of the overview, in this order: the ten test accounts (`test 0` ...), the
 * solver and the fee sponsor, each with its native and token balance on every EVM chain.
 *
 * @param evm - The EVM chains as the overview read them. {@link ChainBalances}
 * @param currencies - The devnet's currencies.
 * @param solver - The solver's address.
 * @returns The accounts. {@link OverviewAccount}
 * @example
 * overviewEvmAccounts(evm, context.currencies, context.solver.address)[10].label // "solver"
 */
export function overviewEvmAccounts(
  evm: readonly ChainBalances[],
  currencies: readonly DevnetCurrency[],
  solver: Address,
): OverviewAccount[] {
  const balances = (address: Address) =>
    evm.flatMap((read) => overviewChainBalances({ read, currencies, address }));
  return [
    ...devnetTestAccounts.map(({ address }, index) => ({
      label: `test ${index}`,
      role: "test" as const,
      vmType: "evm" as const,
      address,
      balances: balances(address),
    })),
    { label: "solver", role: "solver", vmType: "evm", address: solver, balances: balances(solver) },
    {
      label: "sponsor",
      role: "sponsor",
      vmType: "evm",
      address: devnetSponsorAddress,
      balances: balances(devnetSponsorAddress),
    },
  ];
}
