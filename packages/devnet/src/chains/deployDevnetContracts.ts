import { devnetDepositoryAbi, devnetDepositoryBytecode } from "attestkit/contracts";
import { type Address, encodeDeployData, type Hex } from "viem";
import { devnetDepositAddressFactoryAbi, devnetEip3009TokenAbi } from "../contracts/abis.js";
import { devnetDepositAddressFactoryBytecode, devnetEip3009TokenBytecode } from "../contracts/bytecodes.js";
import type { DevnetChain } from "./createDevnetChains.js";
import type { TransactionSender } from "./createTransactionSender.js";
import { deployDevnetContract } from "./deployDevnetContract.js";
import { deployDevnetReceiver } from "./deployDevnetReceiver.js";
import { deployIntegratorContracts } from "./deployIntegratorContracts.js";
import { deployMulticalls } from "./deployMulticalls.js";
import { deploySameChainContracts } from "./deploySameChainContracts.js";
import { fundDevnetSetupAccounts } from "./fundDevnetSetupAccounts.js";
import { setUpDevnetToken } from "./setUpDevnetToken.js";

/** Contracts of one devnet chain. */
export type DevnetContracts = {
  /** The depository with the live ABI (`depositNative`, `depositErc20`); owned by the solver. */
  depository: Address;
  /**
   * The USDC-like test token (6 decimals, open mint, EIP-2612 `permit` and EIP-3009
   * `transferWithAuthorization`/`receiveWithAuthorization`).
   */
  token: Address;
  /**
   * Deploys and sweeps the deposit addresses: CREATE2 minimal proxies, salt
   * `keccak256(abi.encodePacked(orderId, depositor))`, that deposit what they hold into the depository.
   */
  depositAddressFactory: Address;
  /**
   * `DevnetWeth` (WETH9 with `depositTo` / `withdrawTo`), the WETH of self-executed wraps. Absent in a
   * state directory stored before it was deployed (same-chain quotes then go through the solver).
   */
  weth?: Address | undefined;
  /** `DevnetSwapRouter`: the same-chain swaps of self-executed quotes, at the terms the solver signs. Absent like `weth`. */
  swapRouter?: Address | undefined;
  /**
   * `DevnetMulticall3` open to anyone (`/chains` `contracts.multicall3` and `multicaller`). Absent in
   * a state directory stored before it was deployed.
   */
  multicall3?: Address | undefined;
  /** `DevnetMulticall3` owned by the solver (`/chains` `contracts.onlyOwnerMulticaller`). Absent like `multicall3`. */
  onlyOwnerMulticaller?: Address | undefined;
  /**
   * `OrderVerifier` (every chain): stateless order checks for `eth_call`. Absent in a state
   * directory stored before it was deployed, like `receiver`.
   */
  orderVerifier?: Address | undefined;
  /**
   * An `AttestedDepositReceiver` on every chain owned by a published test key (`devnetReceiverOwner`,
   * test account 0: `GET /devnet/info` `receiverOwner`), primary solver the devnet solver, in
   * whitelist mode (its owner allows the recipients), its chain slug set: what an integrator's
   * example pays, configured with the owner's key. Absent in a state directory stored before it was
   * deployed.
   */
  receiver?: Address | undefined;
  /** Stateless attestation checks (origin chain only). */
  attestationVerifier?: Address | undefined;
  /**
   * A receiver owned by the solver, trusting the devnet solver, accepting any recipient, its chain
   * slug set so that it pays the devnet's orders (origin only).
   */
  attestedDepositReceiver?: Address | undefined;
};

export type DeployDevnetContractsParameters = {
  chain: DevnetChain;
  /** The solver's sender on this chain: deployer and owner. */
  solver: TransactionSender;
  /** Also deploy the attestation verifier and a receiver. */
  withReceiver: boolean;
  /** This chain's slug (`protocol.v2.chainId`): the receiver pays orders whose input names it. */
  chainSlug: string;
  /** The fee sponsor: funded with native currency and test tokens like a test account. */
  sponsor?: Address | undefined;
};

/**
 * Deploys and funds the contracts of one chain, always in the same order from the solver's fresh
 * account, so the depository and the token have the same address on every devnet chain (like the
 * live solver's contracts). Funds the solver, mints test tokens to the test accounts and gives the
 * depository token liquidity for fills. The receiver gets the chain's slug (`setChainSlug`), so it
 * pays the orders of this chain's quotes. Last, on every chain, an `OrderVerifier` and a receiver
 * owned by a published test key (`deployIntegratorContracts`).
 *
 * @param parameters - {@link DeployDevnetContractsParameters}
 * @returns The addresses. {@link DevnetContracts}
 * @example
 * const { depository, token } = await deployDevnetContracts({ chain, solver, withReceiver: true, chainSlug })
 */
export async function deployDevnetContracts({
  chain,
  solver,
  withReceiver,
  chainSlug,
  sponsor,
}: DeployDevnetContractsParameters): Promise<DevnetContracts> {
  const { chainId } = chain;
  await fundDevnetSetupAccounts({ chain, solver: solver.address, sponsor });
  const deploy = (data: Hex): Promise<Address> => deployDevnetContract({ solver, chainId, data });

  const depository = await deploy(
    encodeDeployData({
      abi: devnetDepositoryAbi,
      bytecode: devnetDepositoryBytecode,
      args: [solver.address],
    }),
  );
  const token = await deploy(
    encodeDeployData({
      abi: devnetEip3009TokenAbi,
      bytecode: devnetEip3009TokenBytecode,
      args: ["USD Coin", "USDC", 6],
    }),
  );
  const depositAddressFactory = await deploy(
    encodeDeployData({
      abi: devnetDepositAddressFactoryAbi,
      bytecode: devnetDepositAddressFactoryBytecode,
      args: [depository],
    }),
  );
  await setUpDevnetToken({ solver, chainId, token, depository, sponsor });

  // Deployed last (after the receiver), so that every earlier contract keeps its address.
  // The multicalls after them, then the integrator's contracts, for the same reason.
  const sameChain = async () => ({
    ...(await deploySameChainContracts({ chainId, solver, deploy, token, depository })),
    ...(await deployMulticalls({ deploy, solver: solver.address })),
    ...(await deployIntegratorContracts({ chain, solver, deploy, depository, chainSlug })),
  });
  if (!withReceiver) return { depository, token, depositAddressFactory, ...(await sameChain()) };
  const receiver = await deployDevnetReceiver({ solver, chainId, deploy, depository, chainSlug });
  return { depository, token, depositAddressFactory, ...receiver, ...(await sameChain()) };
}
