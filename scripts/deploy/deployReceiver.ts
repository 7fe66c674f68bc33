import type { NetworkConnection } from "hardhat/types/network";
import { type Address, zeroAddress } from "viem";
import AttestedDepositReceiverModule from "../../ignition/modules/AttestedDepositReceiver.js";
import DevnetDepositoryModule from "../../ignition/modules/DevnetDepository.js";
import { assertTransientStorage } from "../../src/deploy/assertTransientStorage.js";
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
 * through the Ignition modules.
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
  return { chainId, depository, verifier: addressOf(verifier), receiver: addressOf(receiver) };
}
