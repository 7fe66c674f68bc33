import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  formatUnits,
  type Hex,
  keccak256,
  zeroAddress,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type * as z from "zod";
import { devnetSwapRouterAbi, devnetTokenAbi, devnetWethAbi } from "../../contracts/devnet/abis.js";
import type { evmTransactionRequestSchema, stepSchema } from "../../schemas/steps.js";
import type { ApiChain } from "../api/types.js";
import { readAllowance } from "../chains/readAllowance.js";
import type { SelfExecution } from "../state/types.js";
import { buildApproveStep } from "./buildApproveStep.js";
import { buildTransactionStep } from "./buildTransactionStep.js";
import type { PricedQuote } from "./priceQuote.js";

export type BuildSelfExecutedStepsParameters = {
  /** A quote `priceQuote` priced as self-executed (`selfExecuted` set). */
  priced: PricedQuote;
  /** The chain (origin and destination). */
  chain: ApiChain;
  /** The devnet solver: the swap router's quoter, who signs a swap's terms. */
  solver: PrivateKeyAccount;
  /** The request id: the steps' `requestId` and a swap's id (each terms are used once). */
  requestId: Hex;
  /** Unix seconds: the last second a swap's terms are valid (the quote's deadline). */
  deadline: number;
};

export type BuildSelfExecutedStepsReturnType = {
  steps: z.input<typeof stepSchema>[];
  /** The transaction that moves the funds (the last step's), which `POST /transactions/single` matches. */
  selfExecution: SelfExecution;
};

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

/**
 * The steps of a self-executed same-chain quote (the interface: "by default same-chain swaps are
 * self-executed"): the user's own transactions do the work, no deposit and no solver fill.
 *
 * | operation | step | transaction |
 * |-----------|------|-------------|
 * | `send` | `send` | the native value to the recipient, or the token's `transfer(recipient, amount)` |
 * | `wrap` | `swap` | `DevnetWeth.depositTo(recipient)` with the value |
 * | `unwrap` | `swap` | `DevnetWeth.withdrawTo(recipient, amount)` |
 * | `swap` | `approve` (a token input whose allowance to the router is short), `swap` | `DevnetSwapRouter.swap(terms, signature)`: the quote's amounts (the output with an exact-output swap's surplus unless `enableTrueExactOutput`), the request id, the quote's deadline, signed by the solver |
 *
 * Each item is checked at the status endpoint by request id; the request is `success` once the
 * last step's transaction, reported through `POST /transactions/single`, is mined.
 *
 * @param parameters - {@link BuildSelfExecutedStepsParameters}
 * @returns The steps and the transaction that moves the funds. {@link BuildSelfExecutedStepsReturnType}
 * @example
 * const { steps, selfExecution } = await buildSelfExecutedSteps({ priced, chain, solver, requestId, deadline })
 */
export async function buildSelfExecutedSteps({
  priced,
  chain,
  solver,
  requestId,
  deadline,
}: BuildSelfExecutedStepsParameters): Promise<BuildSelfExecutedStepsReturnType> {
  const { currencyIn, currencyOut, amountIn, amountOut, user, recipient, selfExecuted: operation } = priced;
  if (operation === undefined) throw new Error("buildSelfExecutedSteps needs a self-executed quote.");
  const transaction = (to: Address, data: Hex, value: bigint) =>
    ({ from: user, to, data, value: value.toString(), chainId: chain.chainId }) satisfies z.input<
      typeof evmTransactionRequestSchema
    >;
  const inWords = `${formatUnits(amountIn, currencyIn.decimals)} ${currencyIn.symbol}`;
  const outWords = `${formatUnits(amountOut, currencyOut.decimals)} ${currencyOut.symbol}`;
  const step = (id: string, description: string, call: SelfExecution) => ({
    steps: [
      buildTransactionStep({ id, description, requestId, data: transaction(call.to, call.data, call.value) }),
    ],
    selfExecution: call,
  });
  const { weth, swapRouter } = chain.contracts;
  if (operation === "send")
    return step(
      "send",
      `Send ${inWords} to ${recipient}`,
      currencyIn.isNative
        ? { operation, to: recipient, data: "0x", value: amountIn }
        : {
            operation,
            to: currencyIn.address,
            data: encodeFunctionData({
              abi: devnetTokenAbi,
              functionName: "transfer",
              args: [recipient, amountIn],
            }),
            value: 0n,
          },
    );
  if (!weth || !swapRouter) throw new Error(`Chain ${chain.chainId} has no WETH or swap router.`);
  if (operation === "wrap")
    return step("swap", `Wrap ${inWords} into ${outWords}`, {
      operation,
      to: weth,
      data: encodeFunctionData({ abi: devnetWethAbi, functionName: "depositTo", args: [recipient] }),
      value: amountIn,
    });
  if (operation === "unwrap")
    return step("swap", `Unwrap ${inWords} into ${outWords}`, {
      operation,
      to: weth,
      data: encodeFunctionData({
        abi: devnetWethAbi,
        functionName: "withdrawTo",
        args: [recipient, amountIn],
      }),
      value: 0n,
    });

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
      [swapRouter, BigInt(chain.chainId), terms],
    ),
  );
  const signature = await solver.signMessage({ message: { raw: digest } });
  const swap = step("swap", `Swap ${inWords} for ${outWords}`, {
    operation,
    to: swapRouter,
    data: encodeFunctionData({ abi: devnetSwapRouterAbi, functionName: "swap", args: [terms, signature] }),
    value: currencyIn.isNative ? amountIn : 0n,
  });
  const allowance = currencyIn.isNative
    ? amountIn
    : await readAllowance({
        request: chain.request,
        token: currencyIn.address,
        owner: user,
        spender: swapRouter,
      });
  if (allowance >= amountIn) return swap;
  const approve = buildApproveStep({
    requestId,
    currency: currencyIn,
    owner: user,
    spender: swapRouter,
    amount: amountIn,
    chainId: chain.chainId,
  });
  return { steps: [approve, ...swap.steps], selfExecution: swap.selfExecution };
}
