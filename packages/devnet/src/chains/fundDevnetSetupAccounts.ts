import { type Address, numberToHex } from "viem";
import { solverNativeBalance, testAccountNativeBalance } from "../constants.js";
import type { DevnetChain } from "./createDevnetChains.js";

export type FundDevnetSetupAccountsParameters = {
  chain: DevnetChain;
  /** The solver's address: given `solverNativeBalance` (wei). */
  solver: Address;
  /** The fee sponsor, if any: given a test account's native balance (wei). */
  sponsor?: Address | undefined;
};

/**
 * Sets the native balances a chain's setup starts from (`hardhat_setBalance`, no transaction): the
 * solver's, which pays for every deployment, and the fee sponsor's.
 *
 * @param parameters - {@link FundDevnetSetupAccountsParameters}
 * @example
 * await fundDevnetSetupAccounts({ chain, solver: solver.address, sponsor })
 */
export async function fundDevnetSetupAccounts({
  chain,
  solver,
  sponsor,
}: FundDevnetSetupAccountsParameters): Promise<void> {
  await chain.request({ method: "hardhat_setBalance", params: [solver, numberToHex(solverNativeBalance)] });
  if (sponsor)
    await chain.request({
      method: "hardhat_setBalance",
      params: [sponsor, numberToHex(testAccountNativeBalance)],
    });
}
