import type { Abi, Account, Address, Chain, Hex, PublicClient, Transport, WalletClient } from "viem";
import { getAddress, zeroAddress } from "viem";
import { attestationVerifierAbi, attestedDepositReceiverAbi } from "../contracts/abis.js";
import { attestationVerifierBytecode, attestedDepositReceiverBytecode } from "../contracts/bytecodes.js";
import { devnetDepositoryAbi } from "../contracts/devnet/abis.js";
import { devnetDepositoryBytecode } from "../contracts/devnet/bytecodes.js";
import { assertTransientStorage } from "./assertTransientStorage.js";
import {
  DeploymentFailedError,
  DeployParametersError,
  type TransientStorageUnsupportedError,
} from "./errors.js";
import type { DeployParameters } from "./parseDeployParameters.js";

/** One mined deployment. */
export type DeployedContract = {
  contract: "DevnetDepository" | "AttestationVerifier" | "AttestedDepositReceiver";
  address: Address;
  /** The creation transaction. */
  hash: Hex;
  /** Gas the creation transaction used (receipt), as a decimal string. */
  gasUsed: string;
};

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

  const deploy = async (
    contract: DeployedContract["contract"],
    abi: Abi,
    bytecode: Hex,
    args: readonly unknown[],
  ): Promise<Address> => {
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
    const deployed = {
      contract,
      address: getAddress(receipt.contractAddress),
      hash,
      gasUsed: receipt.gasUsed.toString(),
    };
    deployments.push(deployed);
    onDeployed?.(deployed);
    return deployed.address;
  };

  // The order settings are owner-only: refuse before sending anything if the deployer cannot set them.
  const settingsField =
    parameters.chainSlug !== undefined
      ? "chainSlug"
      : parameters.orderWhitelist?.length
        ? "orderWhitelist"
        : undefined;
  if (
    settingsField !== undefined &&
    getAddress(parameters.owner) !== getAddress(walletClient.account.address)
  )
    throw new DeployParametersError({
      field: settingsField,
      problem: `is set after deployment by the owner, but the deployer ${walletClient.account.address} is not the owner ${parameters.owner}: deploy from the owner, or leave it out and call setChainSlug / setOrderRecipients from the owner`,
    });

  // The receiver's constructor reverts on a depository without code; say which field is wrong.
  if (parameters.depository !== "devnet") {
    const code = await publicClient.getCode({ address: parameters.depository });
    if (!code || code === "0x")
      throw new DeployParametersError({
        field: "depository",
        problem: `has no contract code on chain ${chainId}: ${parameters.depository}`,
      });
  }
  const depository =
    parameters.depository === "devnet"
      ? await deploy("DevnetDepository", devnetDepositoryAbi, devnetDepositoryBytecode, [parameters.owner])
      : parameters.depository;
  const verifier = await deploy(
    "AttestationVerifier",
    attestationVerifierAbi,
    attestationVerifierBytecode,
    [],
  );
  const [primarySolver = zeroAddress, ...solvers] = parameters.solvers;
  const receiver = await deploy(
    "AttestedDepositReceiver",
    attestedDepositReceiverAbi,
    attestedDepositReceiverBytecode,
    [
      parameters.owner,
      depository,
      primarySolver,
      solvers,
      parameters.contractSolvers,
      parameters.whitelist.map(({ chainId, user }) => ({ chainId, user })),
      parameters.allowAnyRecipient,
    ],
  );
  const settings: DeployAttestationContractsReturnType["settings"] = [];
  const set = async (functionName: "setChainSlug" | "setOrderRecipients", args: readonly unknown[]) => {
    const hash = await walletClient.writeContract({
      address: receiver,
      abi: attestedDepositReceiverAbi,
      functionName,
      args,
      account: walletClient.account,
      chain: walletClient.chain ?? null,
    } as Parameters<typeof walletClient.writeContract>[0]);
    const receipt = await publicClient.waitForTransactionReceipt({
      hash,
      ...(pollingInterval !== undefined ? { pollingInterval } : {}),
    });
    if (receipt.status !== "success")
      throw new DeploymentFailedError({ contract: `AttestedDepositReceiver.${functionName}`, hash });
    settings.push({ functionName, hash });
  };
  if (parameters.chainSlug !== undefined) await set("setChainSlug", [parameters.chainSlug]);
  if (parameters.orderWhitelist?.length) await set("setOrderRecipients", [parameters.orderWhitelist, true]);
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
