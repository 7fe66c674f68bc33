import type { stepSchema } from "attestkit/schemas";
import { formatUnits, type Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type * as z from "zod";
import type { ApiChain } from "../api/types.js";
import { readAllowance } from "../chains/readAllowance.js";
import type { SelfExecution } from "../state/types.js";
import { buildApproveStep } from "./buildApproveStep.js";
import type { PricedQuote } from "./priceQuote.js";
import { selfExecutedSendCall } from "./selfExecutedSendCall.js";
import { selfExecutedSwapCall } from "./selfExecutedSwapCall.js";
import { selfExecutedWethCall } from "./selfExecutedWethCall.js";
import { toSelfExecutedStep } from "./toSelfExecutedStep.js";

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
  const { chainId } = chain;
  const inWords = `${formatUnits(amountIn, currencyIn.decimals)} ${currencyIn.symbol}`;
  const outWords = `${formatUnits(amountOut, currencyOut.decimals)} ${currencyOut.symbol}`;
  if (operation === "send")
    return toSelfExecutedStep({
      id: "send",
      description: `Send ${inWords} to ${recipient}`,
      requestId,
      user,
      chainId,
      call: selfExecutedSendCall({ currencyIn, recipient, amountIn }),
    });
  const { weth, swapRouter } = chain.contracts;
  if (!weth || !swapRouter) throw new Error(`Chain ${chainId} has no WETH or swap router.`);
  if (operation === "wrap" || operation === "unwrap")
    return toSelfExecutedStep({
      id: "swap",
      description: `${operation === "wrap" ? "Wrap" : "Unwrap"} ${inWords} into ${outWords}`,
      requestId,
      user,
      chainId,
      call: selfExecutedWethCall({ operation, weth, recipient, amountIn }),
    });

  const call = await selfExecutedSwapCall({ priced, chainId, swapRouter, solver, requestId, deadline });
  const swap = toSelfExecutedStep({
    id: "swap",
    description: `Swap ${inWords} for ${outWords}`,
    requestId,
    user,
    chainId,
    call,
  });
  // A token input needs the router's allowance: an approval step first when it is short.
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
    chainId,
  });
  return { steps: [approve, ...swap.steps], selfExecution: swap.selfExecution };
}
