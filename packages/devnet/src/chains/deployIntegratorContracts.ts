import {
  attestedDepositReceiverAbi,
  attestedDepositReceiverBytecode,
  orderVerifierAbi,
  orderVerifierBytecode,
} from "attestkit/contracts";
import { type Address, encodeDeployData, encodeFunctionData, type Hex, numberToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devnetReceiverOwner, testAccountNativeBalance } from "../constants.js";
import type { DevnetChain } from "./createDevnetChains.js";
import { createTransactionSender, type TransactionSender } from "./createTransactionSender.js";

export type DeployIntegratorContractsParameters = {
  chain: DevnetChain;
  /** The solver's sender on this chain: the deployer, and the primary solver of the receiver. */
  solver: TransactionSender;
  /** Deploys creation code from the solver and answers the address. */
  deploy: (data: Hex) => Promise<Address>;
  /** The depository the receiver forwards payments to. */
  depository: Address;
  /** This chain's slug (`protocol.v2.chainId`): the receiver pays orders whose input names it. */
  chainSlug: string;
};

/** The contracts an integrator's own code calls, as it would call its own on a live chain. */
export type IntegratorContracts = {
  /** `OrderVerifier`: stateless order checks for `eth_call`. */
  orderVerifier: Address;
  /**
   * An `AttestedDepositReceiver` owned by {@link devnetReceiverOwner} (a public test key), primary
   * solver the devnet solver, in whitelist mode (no recipient allowed until its owner allows one),
   * its chain slug set.
   */
  receiver: Address;
};

/**
 * Deploys what an integrator's code needs on a chain, so that it runs against a devnet with no
 * set-up of its own: an `OrderVerifier` and a receiver owned by test account 0
 * ({@link devnetReceiverOwner}) that trusts the devnet solver and forwards to the depository. The
 * owner sets the chain slug (`setChainSlug`, its one transaction: its nonce on each chain is 1), and
 * its native balance is set back to a test account's (`hardhat_setBalance`), so it starts like the
 * others. Deployed after every other devnet contract, so that the earlier ones keep their addresses.
 *
 * @param parameters - {@link DeployIntegratorContractsParameters}
 * @returns The addresses. {@link IntegratorContracts}
 * @throws Error `Devnet receiver configuration failed on chain <chainId>.` when `setChainSlug` reverted.
 * @example
 * const { orderVerifier, receiver } = await deployIntegratorContracts({ chain, solver, deploy, depository, chainSlug })
 */
export async function deployIntegratorContracts({
  chain,
  solver,
  deploy,
  depository,
  chainSlug,
}: DeployIntegratorContractsParameters): Promise<IntegratorContracts> {
  const { chainId, request } = chain;
  const orderVerifier = await deploy(
    encodeDeployData({ abi: orderVerifierAbi, bytecode: orderVerifierBytecode }),
  );
  const receiver = await deploy(
    encodeDeployData({
      abi: attestedDepositReceiverAbi,
      bytecode: attestedDepositReceiverBytecode,
      args: [devnetReceiverOwner.address, depository, solver.address, [], [], [], false],
    }),
  );
  const owner = createTransactionSender({
    chainId,
    request,
    account: privateKeyToAccount(devnetReceiverOwner.privateKey),
  });
  const data = encodeFunctionData({
    abi: attestedDepositReceiverAbi,
    functionName: "setChainSlug",
    args: [chainSlug],
  });
  const configured = await owner.waitForReceipt(await owner.send({ to: receiver, data }));
  if (configured.status !== "success")
    throw new Error(`Devnet receiver configuration failed on chain ${chainId}.`);
  await request({
    method: "hardhat_setBalance",
    params: [devnetReceiverOwner.address, numberToHex(testAccountNativeBalance)],
  });
  return { orderVerifier, receiver };
}
