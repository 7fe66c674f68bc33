import type { ScenarioContext } from "./createScenarioContext.js";
import { depositToScenarioDepository } from "./depositToScenarioDepository.js";
import type { RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { followDevnetRequest } from "./followDevnetRequest.js";
import { moveDevnetPrice } from "./moveDevnetPrice.js";
import { quoteScenarioRequest } from "./quoteScenarioRequest.js";

/**
 * Scenario `slippage-refund`: quotes ETH -> USDC at the automatic 0.5 % tolerance, moves ETH 1 %
 * down before the deposit, so the USDC it buys is too few and the request is refunded with
 * SLIPPAGE; the price is moved back whatever happens.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @returns The request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { status } = await driveSlippageRefundScenario(context)
 */
export async function driveSlippageRefundScenario(
  context: ScenarioContext,
): Promise<RunDevnetScenarioReturnType> {
  const { quote, requestId } = await quoteScenarioRequest(context, {
    destinationCurrency: context.destination.contracts.token,
  });
  context.onRequest?.(requestId);
  const move = { devnet: context.follow.devnet, devnetHint: context.devnetHint, currency: "eth" };
  await moveDevnetPrice({ ...move, bps: -100 });
  try {
    const following = followDevnetRequest({ ...context.follow, requestId });
    await depositToScenarioDepository(
      context,
      requestId,
      BigInt(quote.details?.currencyIn?.amount ?? context.amount),
    );
    return await following;
  } finally {
    await moveDevnetPrice({ ...move, bps: 100 });
  }
}
