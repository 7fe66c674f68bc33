import type { ScenarioContext } from "./createScenarioContext.js";
import { depositToScenarioDepository } from "./depositToScenarioDepository.js";
import type { RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { followDevnetRequest } from "./followDevnetRequest.js";
import { quoteScenarioRequest } from "./quoteScenarioRequest.js";

/**
 * Scenarios `ttl-expired` and `amount-too-low`: a direct deposit under the request id, after the
 * quote's 1 s ttl has passed (`ttl-expired`) or 1 wei short (`amount-too-low`); the request is
 * refunded.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @param name - The scenario's name.
 * @returns The request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { status } = await driveDirectDepositScenario(context, "amount-too-low")
 */
export async function driveDirectDepositScenario(
  context: ScenarioContext,
  name: string,
): Promise<RunDevnetScenarioReturnType> {
  const { requestId } = await quoteScenarioRequest(context, name === "ttl-expired" ? { ttl: 1 } : {});
  context.onRequest?.(requestId);
  const following = followDevnetRequest({ ...context.follow, requestId });
  if (name === "ttl-expired") await new Promise((resolve) => setTimeout(resolve, 1_300));
  await depositToScenarioDepository(
    context,
    requestId,
    name === "amount-too-low" ? context.amount - 1n : context.amount,
  );
  return following;
}
