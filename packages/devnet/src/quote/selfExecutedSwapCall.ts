import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  zeroAddress,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { devnetSwapRouterAbi } from "../contracts/abis.js";
import type { SelfExecution } from "../state/types.js";
import type { PricedQuote } from "./priceQuote.js";

/** The swap router's terms, as `DevnetSwapRouter.Swap`. */
const swapTuple = {
  type: "tuple",
  components: [
    { name: "id", type: "bytes32" },
    { name: "payer", type: "address" },
    { name: "recipient", type: "address" },
    { name: "tokenIn", type: "address" },
    { name: "amountIn", type: "uint256" },
    { name: "tokenOut", type: "address" },
    { name: "amountOut", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export type SelfExecutedSwapCallParameters = {
  /** The self-executed swap, priced. */
  priced: PricedQuote;
  chainId: number;
  /** The chain's `DevnetSwapRouter`. */
  swapRouter: Address;
  /** The devnet solver: the router's quoter. */
  solver: PrivateKeyAccount;
  /** The request id: the terms' id (each terms are used once). */
  requestId: Hex;
  /** Unix seconds: the last second the terms are valid. */
  deadline: number;
};

/**
 * The call of a self-executed same-chain swap: `DevnetSwapRouter.swap(terms, signature)`. The terms
 * are the quote's amounts (the output with an exact-output swap's surplus, unless
 * `enableTrueExactOutput`), native currencies as the zero address, the request id and the quote's
 * deadline. The solver signs, EIP-191 over the 32 raw bytes, `keccak256(abi.encode(router, chainId,
 * terms))`, which binds the terms to this router on this chain. A native input is sent as the value.
 *
 * @param parameters - {@link SelfExecutedSwapCallParameters}
 * @returns The call. {@link SelfExecution}
 * @example
 * const call = await selfExecutedSwapCall({ priced, chainId, swapRouter, solver, requestId, deadline })
 */
export async function selfExecutedSwapCall({
  priced,
  chainId,
  swapRouter,
  solver,
  requestId,
  deadline,
}: SelfExecutedSwapCallParameters): Promise<SelfExecution> {
  const { currencyIn, currencyOut, amountIn, amountOut, user, recipient } = priced;
  const terms = {
    id: requestId,
    payer: user,
    recipient,
    tokenIn: currencyIn.isNative ? zeroAddress : currencyIn.address,
    amountIn,
    tokenOut: currencyOut.isNative ? zeroAddress : currencyOut.address,
    // An exact-output swap's surplus is swept to the recipient unless `enableTrueExactOutput`.
    amountOut: amountOut + (priced.outputSurplus ?? 0n),
    deadline: BigInt(deadline),
  };
  const digest = keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "uint256" }, swapTuple],
      [swapRouter, BigInt(chainId), terms],
    ),
  );
  const signature = await solver.signMessage({ message: { raw: digest } });
  return {
    operation: "swap",
    to: swapRouter,
    data: encodeFunctionData({ abi: devnetSwapRouterAbi, functionName: "swap", args: [terms, signature] }),
    value: currencyIn.isNative ? amountIn : 0n,
  };
}
