import type { Abi, Account, Chain, Hex, PublicClient, Transport, WalletClient } from "viem";
import { getAddress } from "viem";
import { DeploymentFailedError } from "./errors.js";
import type { DeployedContract } from "./types.js";

export type DeployContractParameters = {
  /** Sends the creation transaction; its account is the deployer. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Waits for the receipt, on the same chain. */
  publicClient: PublicClient;
  /** Which contract it is, as the result names it. */
  contract: DeployedContract["contract"];
  abi: Abi;
  bytecode: Hex;
  /** The constructor's arguments. */
  args: readonly unknown[];
  /** Receipt polling interval in ms (viem's default when omitted). */
  pollingInterval?: number | undefined;
};

/**
 * Sends one creation transaction and waits for it to be mined.
 *
 * @param parameters - {@link DeployContractParameters}
 * @returns The mined deployment: address, hash and gas used. {@link DeployedContract}
 * @throws DeploymentFailedError when the transaction reverts or creates no contract.
 * @example
 * const { address } = await deployContract({ walletClient, publicClient, contract: "AttestationVerifier", abi, bytecode, args: [] })
 */
export async function deployContract({
  walletClient,
  publicClient,
  contract,
  abi,
  bytecode,
  args,
  pollingInterval,
}: DeployContractParameters): Promise<DeployedContract> {
  const hash = await walletClient.deployContract({
    abi,
    bytecode,
    args,
    account: walletClient.account,
    chain: walletClient.chain ?? null,
  });
  const receipt = await publicClient.waitForTransactionReceipt({
    hash,
    ...(pollingInterval !== undefined ? { pollingInterval } : {}),
  });
  if (receipt.status !== "success" || !receipt.contractAddress)
    throw new DeploymentFailedError({ contract, hash });
  return {
    contract,
    address: getAddress(receipt.contractAddress),
    hash,
    gasUsed: receipt.gasUsed.toString(),
  };
}
