import type { NetworkConnection } from "hardhat/types/network";
import { type Address, getAddress, zeroAddress } from "viem";
import AttestedDepositReceiverModule from "../../ignition/modules/AttestedDepositReceiver.js";
import DevnetDepositoryModule from "../../ignition/modules/DevnetDepository.js";
import { attestedDepositReceiverAbi } from "../../src/contracts/abis.js";
import { assertTransientStorage } from "../../src/deploy/assertTransientStorage.js";
import { DeployParametersError } from "../../src/deploy/errors.js";
import type { DeployParameters } from "./parseDeployParameters.js";

export type DeployReceiverParameters = {
  /** A Hardhat network connection (in-process chain or any configured network). */
  connection: NetworkConnection;
  /** What to deploy. */
  parameters: DeployParameters;
  /** Ignition deployment id (journal folder under ignition/deployments); defaults to `chain-<id>`. */
  deploymentId?: string | undefined;
};

export type DeployReceiverReturnType = {
  chainId: number;
  depository: Address;
  verifier: Address;
  receiver: Address;
};

/**
 * Deploys the verifier and a receiver (and, for `depository: "devnet"`, a devnet depository)
 * through the Ignition modules, then sets the receiver's order settings (`chainSlug`,
 * `orderWhitelist`) from the deployer, who must then be the owner.
 *
 * @param parameters - {@link DeployReceiverParameters}
 * @returns The chain id and the deployed addresses. {@link DeployReceiverReturnType}
 * @example
 * const { receiver } = await deployReceiver({ connection: await network.create(), parameters })
 */
export async function deployReceiver({
  connection,
  parameters,
  deploymentId,
}: DeployReceiverParameters): Promise<DeployReceiverReturnType> {
  const publicClient = await connection.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  // The receiver's reentrancy guard needs EIP-1153: refuse a chain without it before deploying.
  await assertTransientStorage({ publicClient });
  // Ignition sends from the first account; the order settings are owner-only.
  const [deployer] = await connection.viem.getWalletClients();
  const settings = parameters.chainSlug !== undefined || (parameters.orderWhitelist?.length ?? 0) > 0;
  if (settings && (!deployer || getAddress(deployer.account.address) !== getAddress(parameters.owner)))
    throw new DeployParametersError({
      field: parameters.chainSlug !== undefined ? "chainSlug" : "orderWhitelist",
      problem: `is set after deployment by the owner, but the deployer is not the owner ${parameters.owner}: deploy from the owner, or leave it out and call setChainSlug / setOrderRecipients from the owner`,
    });
  // Ignition waits for 5 confirmations on non-simulated networks; a local node mines one block
  // per transaction, so 1 is the only count that ever completes there.
  const config = chainId === 31337 ? { requiredConfirmations: 1 } : {};
  const options = { deploymentId: deploymentId ?? `chain-${chainId}`, displayUi: false, config };

  let depository: Address;
  if (parameters.depository === "devnet") {
    const result = await connection.ignition.deploy(DevnetDepositoryModule, {
      ...options,
      parameters: { DevnetDepository: { owner: parameters.owner } },
    });
    depository = (result.depository as { address: Address }).address;
  } else {
    depository = parameters.depository;
  }

  const [primarySolver = zeroAddress, ...solvers] = parameters.solvers;
  const { verifier, receiver } = await connection.ignition.deploy(AttestedDepositReceiverModule, {
    ...options,
    parameters: {
      AttestedDepositReceiver: {
        owner: parameters.owner,
        depository,
        primarySolver,
        solvers,
        contractSolvers: parameters.contractSolvers,
        recipients: parameters.whitelist.map(({ chainId, user }) => ({ chainId: chainId.toString(), user })),
        allowAnyRecipient: parameters.allowAnyRecipient,
      },
    },
  });
  const addressOf = (contract: unknown) => (contract as { address: Address }).address;
  const receiverAddress = addressOf(receiver);
  if (settings && deployer) {
    const set = async (functionName: "setChainSlug" | "setOrderRecipients", args: readonly unknown[]) => {
      const hash = await deployer.writeContract({
        address: receiverAddress,
        abi: attestedDepositReceiverAbi,
        functionName,
        args,
      } as never);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`${functionName} reverted: ${hash}`);
    };
    if (parameters.chainSlug !== undefined) await set("setChainSlug", [parameters.chainSlug]);
    if (parameters.orderWhitelist?.length) await set("setOrderRecipients", [parameters.orderWhitelist, true]);
  }
  return { chainId, depository, verifier: addressOf(verifier), receiver: receiverAddress };
}
