import { type Address, getAddress, type Hex } from "viem";
import type { TransactionSender } from "./createTransactionSender.js";

export type DeployDevnetContractParameters = {
  /** The solver's sender: the deployer. */
  solver: TransactionSender;
  chainId: number;
  /** Creation code with its constructor arguments (`encodeDeployData`). */
  data: Hex;
};

/**
 * Deploys one contract from the solver's account and waits for it to be mined. Each deployment uses
 * the solver's next nonce, so the same order of deployments gives the same addresses on every chain.
 *
 * @param parameters - {@link DeployDevnetContractParameters}
 * @returns The contract's address, checksummed.
 * @throws Error `Devnet deployment failed on chain <chainId> (<hash>).` when it reverted or created nothing.
 * @example
 * const token = await deployDevnetContract({ solver, chainId: 31337, data: encodeDeployData({ abi, bytecode, args }) })
 */
export async function deployDevnetContract({
  solver,
  chainId,
  data,
}: DeployDevnetContractParameters): Promise<Address> {
  const receipt = await solver.waitForReceipt(await solver.send({ data }));
  if (receipt.status !== "success" || !receipt.contractAddress)
    throw new Error(`Devnet deployment failed on chain ${chainId} (${receipt.transactionHash}).`);
  return getAddress(receipt.contractAddress);
}
