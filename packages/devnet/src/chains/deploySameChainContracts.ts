import { type Address, encodeDeployData, encodeFunctionData, type Hex } from "viem";
import { devnetSwapRouterAbi, devnetWethAbi } from "../contracts/abis.js";
import { devnetSwapRouterBytecode, devnetWethBytecode } from "../contracts/bytecodes.js";
import type { TransactionSender } from "./createTransactionSender.js";
import { mintDevnetToken } from "./mintDevnetToken.js";
import { waitForSetupTransactions } from "./waitForSetupTransactions.js";

/** Native liquidity of the swap router, and the WETH each of the depository and the router holds: 1,000 ETH. */
const sameChainNativeLiquidity = 1_000n * 10n ** 18n;

/** USDC liquidity of the swap router: 10,000,000 USDC. */
const sameChainTokenLiquidity = 10_000_000n * 10n ** 6n;

export type DeploySameChainContractsParameters = {
  chainId: number;
  /** The solver's sender: deployer, the router's quoter, and who funds them. */
  solver: TransactionSender;
  /** Deploys creation code from the solver and answers the address. */
  deploy: (data: Hex) => Promise<Address>;
  /** The chain's USDC-like token (minted to the router). */
  token: Address;
  /** The chain's depository (given WETH liquidity for cross-chain WETH fills). */
  depository: Address;
};

/** The contracts of self-executed same-chain quotes. */
export type SameChainContracts = {
  /** `DevnetWeth`: WETH9 with WETH10's `depositTo` / `withdrawTo` (a wrap or unwrap in one step). */
  weth: Address;
  /** `DevnetSwapRouter`: same-chain swaps at the terms the devnet solver signed. */
  swapRouter: Address;
};

/**
 * Deploys and funds the contracts that self-executed same-chain quotes call: the devnet's WETH and
 * its swap router (quoter: the solver). The router gets ETH, WETH and USDC liquidity; the depository
 * gets WETH for cross-chain fills of WETH. Deployed after every other devnet contract, so that the
 * earlier contracts keep their addresses.
 *
 * @param parameters - {@link DeploySameChainContractsParameters}
 * @returns The addresses. {@link SameChainContracts}
 * @example
 * const { weth, swapRouter } = await deploySameChainContracts({ chainId, solver, deploy, token, depository })
 */
export async function deploySameChainContracts({
  chainId,
  solver,
  deploy,
  token,
  depository,
}: DeploySameChainContractsParameters): Promise<SameChainContracts> {
  const weth = await deploy(encodeDeployData({ abi: devnetWethAbi, bytecode: devnetWethBytecode }));
  const swapRouter = await deploy(
    encodeDeployData({
      abi: devnetSwapRouterAbi,
      bytecode: devnetSwapRouterBytecode,
      args: [solver.address],
    }),
  );
  const wrapTo = (to: Address) =>
    solver.send({
      to: weth,
      data: encodeFunctionData({ abi: devnetWethAbi, functionName: "depositTo", args: [to] }),
      value: sameChainNativeLiquidity,
      gas: 100_000n,
    });
  const hashes = [
    await wrapTo(depository),
    await wrapTo(swapRouter),
    await solver.send({ to: swapRouter, data: "0x", value: sameChainNativeLiquidity, gas: 100_000n }),
    await mintDevnetToken({ solver, token, to: swapRouter, amount: sameChainTokenLiquidity }),
  ];
  await waitForSetupTransactions({ solver, hashes, what: "same-chain liquidity", chainId });
  return { weth, swapRouter };
}
