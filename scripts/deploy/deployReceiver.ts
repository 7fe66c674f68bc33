import { join } from "node:path";
import type { NetworkConnection } from "hardhat/types/network";
import { type Address, getAddress, type Hex, zeroAddress } from "viem";
import AttestedDepositReceiverModule from "../../ignition/modules/AttestedDepositReceiver.js";
import DevnetDepositoryModule from "../../ignition/modules/DevnetDepository.js";
import { attestedDepositReceiverAbi } from "../../packages/attestkit/src/contracts/abis.js";
import { assertTransientStorage } from "../../packages/attestkit/src/deploy/assertTransientStorage.js";
import type { DeployedContract } from "../../packages/attestkit/src/deploy/deployAttestationContracts.js";
import { DeployParametersError, MissingContractError } from "../../packages/attestkit/src/deploy/errors.js";
import { checkJournal, readCreationHashes } from "./ignitionJournal.js";
import type { DeployParameters } from "./parseDeployParameters.js";

export type DeployReceiverParameters = {
  /** A Hardhat network connection (in-process chain or any configured network). */
  connection: NetworkConnection;
  /** What to deploy. */
  parameters: DeployParameters;
  /** Ignition deployment id (journal folder under ignition/deployments); defaults to `chain-<id>`. */
  deploymentId?: string | undefined;
  /**
   * Where Ignition keeps the deployments (`<paths.ignition>/deployments`); its `<id>` folder is
   * checked against the chain first. Undefined for the in-process chain, which keeps no journal.
   */
  deploymentsDir?: string | undefined;
  /** Told when a stale journal of a local chain is reset. */
  onNotice?: ((message: string) => void) | undefined;
};

/** The same shape as `attestkit deploy`'s output. */
export type DeployReceiverReturnType = {
  chainId: number;
  /** The account that sent the creation transactions. */
  deployer: Address;
  depository: Address;
  verifier: Address;
  receiver: Address;
  /** Every contract of the deployment with its creation transaction, in deployment order. */
  deployments: DeployedContract[];
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
  deploymentsDir,
  onNotice,
}: DeployReceiverParameters): Promise<DeployReceiverReturnType> {
  const publicClient = await connection.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  // The receiver's reentrancy guard needs EIP-1153: refuse a chain without it before deploying.
  await assertTransientStorage({ publicClient });
  const id = deploymentId ?? `chain-${chainId}`;
  const deploymentDir = deploymentsDir === undefined ? undefined : join(deploymentsDir, id);
  // A journal of a chain that was reset would make Ignition report addresses without code.
  await checkJournal({ publicClient, chainId, deploymentDir, deploymentId: id, onNotice });
  const firstBlock = (await publicClient.getBlockNumber()) + 1n;
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
  const options = { deploymentId: id, displayUi: false, config };

  const deployed: [DeployedContract["contract"], Address][] = [];
  let depository: Address;
  if (parameters.depository === "devnet") {
    const result = await connection.ignition.deploy(DevnetDepositoryModule, {
      ...options,
      parameters: { DevnetDepository: { owner: parameters.owner } },
    });
    depository = (result.depository as { address: Address }).address;
    deployed.push(["DevnetDepository", depository]);
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
  deployed.push(["AttestationVerifier", addressOf(verifier)], ["AttestedDepositReceiver", receiverAddress]);
  // Never report an address the chain holds nothing at.
  for (const [contract, address] of deployed) {
    const code = await publicClient.getCode({ address });
    if (code === undefined || code === "0x")
      throw new MissingContractError({
        contract,
        address,
        chainId,
        hint: `Ignition reported it deployed, but the chain has no code there: deploy again under a new ATTESTKIT_DEPLOYMENT_ID.`,
      });
  }
  const deployments = await creationTransactions({ publicClient, deploymentDir, deployed, firstBlock });
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
  const sender = (
    deployments.find(({ contract }) => contract === "AttestedDepositReceiver") as DeployedContract & {
      from: Address;
    }
  ).from;
  return {
    chainId,
    deployer: sender,
    depository,
    verifier: addressOf(verifier),
    receiver: receiverAddress,
    deployments: deployments.map(({ contract, address, hash, gasUsed }) => ({
      contract,
      address,
      hash,
      gasUsed,
    })),
  };
}

/**
 * Each contract's creation transaction: from the Ignition journal (which also covers contracts of an
 * earlier, resumed run), else from the blocks mined during this run (the in-process chain keeps no
 * journal).
 */
async function creationTransactions({
  publicClient,
  deploymentDir,
  deployed,
  firstBlock,
}: {
  publicClient: Awaited<ReturnType<NetworkConnection["viem"]["getPublicClient"]>>;
  deploymentDir: string | undefined;
  deployed: [DeployedContract["contract"], Address][];
  firstBlock: bigint;
}): Promise<(DeployedContract & { from: Address })[]> {
  const hashes = deploymentDir === undefined ? new Map<string, Hex>() : readCreationHashes(deploymentDir);
  if (deployed.some(([, address]) => !hashes.has(address.toLowerCase()))) {
    const last = await publicClient.getBlockNumber();
    for (let number = firstBlock; number <= last; number++) {
      const block = await publicClient.getBlock({ blockNumber: number, includeTransactions: true });
      for (const transaction of block.transactions) {
        if (transaction.to !== null) continue;
        const receipt = await publicClient.getTransactionReceipt({ hash: transaction.hash });
        if (receipt.contractAddress) hashes.set(receipt.contractAddress.toLowerCase(), transaction.hash);
      }
    }
  }
  return Promise.all(
    deployed.map(async ([contract, address]) => {
      const hash = hashes.get(address.toLowerCase());
      if (hash === undefined)
        throw new MissingContractError({
          contract,
          address,
          chainId: await publicClient.getChainId(),
          hint: "Its creation transaction is neither in the Ignition journal nor in the blocks of this run.",
        });
      const receipt = await publicClient.getTransactionReceipt({ hash });
      return { contract, address, hash, gasUsed: receipt.gasUsed.toString(), from: getAddress(receipt.from) };
    }),
  );
}
