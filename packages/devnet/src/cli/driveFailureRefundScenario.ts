import type { ScenarioContext } from "./createScenarioContext.js";
import { depositToScenarioDepository } from "./depositToScenarioDepository.js";
import type { RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { followDevnetRequest } from "./followDevnetRequest.js";
import { quoteScenarioRequest } from "./quoteScenarioRequest.js";

/**
 * Scenario `failure-refund`: quotes a destination call to the destination token with an unknown
 * selector (the token has no fallback, so the call reverts without a reason) and deposits; the
 * fill fails and the deposit is refunded.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @returns The request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { status } = await driveFailureRefundScenario(context)
 */
export async function driveFailureRefundScenario(
  context: ScenarioContext,
): Promise<RunDevnetScenarioReturnType> {
  const { requestId } = await quoteScenarioRequest(context, {
    txs: [{ to: context.destination.contracts.token, data: "0xdeadbeef", value: "0" }],
  });
  context.onRequest?.(requestId);
  const following = followDevnetRequest({ ...context.follow, requestId });
  await depositToScenarioDepository(context, requestId, context.amount);
  return following;
}
