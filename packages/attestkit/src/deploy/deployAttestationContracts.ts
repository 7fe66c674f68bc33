import type { Account, Address, Chain, Hex, PublicClient, Transport, WalletClient } from "viem";
import {
  attestationVerifierAbi,
  attestedDepositReceiverAbi,
  devnetDepositoryAbi,
} from "../contracts/abis.js";
import {
  attestationVerifierBytecode,
  attestedDepositReceiverBytecode,
  devnetDepositoryBytecode,
} from "../contracts/bytecodes.js";
import { assertTransientStorage } from "./assertTransientStorage.js";
import { checkDeployParameters } from "./checkDeployParameters.js";
import { deployContract } from "./deployContract.js";
import type {
  DeploymentFailedError,
  DeployParametersError,
  TransientStorageUnsupportedError,
} from "./errors.js";
import type { DeployParameters } from "./parseDeployParameters.js";
import { receiverConstructorArgs } from "./receiverConstructorArgs.js";
import type { DeployedContract } from "./types.js";
import { writeReceiverSetting } from "./writeReceiverSetting.js";

export type { DeployedContract } from "./types.js";

export type DeployAttestationContractsParameters = {
  /** Sends the creation transactions; its account is the deployer. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Waits for the receipts, on the same chain. */
  publicClient: PublicClient;
  /** What to deploy (from `parseDeployParameters`). */
  parameters: DeployParameters;
  /** Called after each contract is mined, in deployment order. */
  onDeployed?: ((deployed: DeployedContract) => void) | undefined;
  /** Receipt polling interval in ms (viem's default when omitted). */
  pollingInterval?: number | undefined;
};

export type DeployAttestationContractsReturnType = {
  chainId: number;
  /** The account that sent the transactions. */
  deployer: Address;
  depository: Address;
  verifier: Address;
  receiver: Address;
  /** Every creation transaction, in order. */
  deployments: DeployedContract[];
  /** The receiver's order settings sent after it was deployed (`chainSlug`, `orderWhitelist`), in order. */
  settings: { functionName: "setChainSlug" | "setOrderRecipients"; hash: Hex }[];
};

export type DeployAttestationContractsErrorType =
  | DeployParametersError
  | DeploymentFailedError
  | TransientStorageUnsupportedError;

/**
 * Deploys the `AttestationVerifier` and an `AttestedDepositReceiver` (and first, for
 * `depository: "devnet"`, a `DevnetDepository`) to any JSON-RPC chain with viem alone, from the
 * committed bytecode: no Hardhat, no Solidity build. A given depository must already hold code,
 * and the chain must have transient storage (EIP-1153; checked first with an `eth_call`, since the
 * receiver's reentrancy guard needs it). Each transaction is mined before the next is sent. With
 * `chainSlug` or `orderWhitelist`, the receiver's order settings follow (owner-only setters, so the
 * deployer must be the owner; checked before anything is sent).
 *
 * @param parameters - {@link DeployAttestationContractsParameters}
 * @returns The chain id, the deployer and the addresses. {@link DeployAttestationContractsReturnType}
 * @example
 * const { receiver } = await deployAttestationContracts({ walletClient, publicClient, parameters })
 */
export async function deployAttestationContracts({
  walletClient,
  publicClient,
  parameters,
  onDeployed,
  pollingInterval,
}: DeployAttestationContractsParameters): Promise<DeployAttestationContractsReturnType> {
  const chainId = await publicClient.getChainId();
  const deployments: DeployedContract[] = [];
  await assertTransientStorage({ publicClient });
  await checkDeployParameters({ parameters, deployer: walletClient.account.address, publicClient, chainId });

  const clients = { walletClient, publicClient, pollingInterval };
  const mined = (deployed: DeployedContract): Address => {
    deployments.push(deployed);
    onDeployed?.(deployed);
    return deployed.address;
  };
  const depository =
    parameters.depository === "devnet"
      ? mined(
          await deployContract({
            ...clients,
            contract: "DevnetDepository",
            abi: devnetDepositoryAbi,
            bytecode: devnetDepositoryBytecode,
            args: [parameters.owner],
          }),
        )
      : parameters.depository;
  const verifier = mined(
    await deployContract({
      ...clients,
      contract: "AttestationVerifier",
      abi: attestationVerifierAbi,
      bytecode: attestationVerifierBytecode,
      args: [],
    }),
  );
  const receiver = mined(
    await deployContract({
      ...clients,
      contract: "AttestedDepositReceiver",
      abi: attestedDepositReceiverAbi,
      bytecode: attestedDepositReceiverBytecode,
      args: receiverConstructorArgs(parameters, depository),
    }),
  );
  const settings: DeployAttestationContractsReturnType["settings"] = [];
  if (parameters.chainSlug !== undefined) {
    const functionName = "setChainSlug";
    const args = [parameters.chainSlug];
    settings.push({
      functionName,
      hash: await writeReceiverSetting({ ...clients, receiver, functionName, args }),
    });
  }
  if (parameters.orderWhitelist?.length) {
    const functionName = "setOrderRecipients";
    const args = [parameters.orderWhitelist, true];
    settings.push({
      functionName,
      hash: await writeReceiverSetting({ ...clients, receiver, functionName, args }),
    });
  }
  return {
    chainId,
    deployer: walletClient.account.address,
    depository,
    verifier,
    receiver,
    deployments,
    settings,
  };
}
