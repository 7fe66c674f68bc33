import { executeSteps } from "attestkit/client";
import type { ScenarioContext } from "./createScenarioContext.js";
import type { RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { followDevnetRequest } from "./followDevnetRequest.js";
import { quoteScenarioRequest } from "./quoteScenarioRequest.js";

/**
 * Scenario `success`: quotes, pays through the quote's steps and follows the request until it is
 * filled.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @returns The request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { status } = await driveSuccessScenario(context)
 */
export async function driveSuccessScenario(context: ScenarioContext): Promise<RunDevnetScenarioReturnType> {
  const { quote, requestId } = await quoteScenarioRequest(context);
  context.onRequest?.(requestId);
  const following = followDevnetRequest({ ...context.follow, requestId });
  await executeSteps(context.client, {
    quote,
    wallet: context.wallet,
    checkIntervalMs: context.follow.intervalMs,
  });
  return following;
}
