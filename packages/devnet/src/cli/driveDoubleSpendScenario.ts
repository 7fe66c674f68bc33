import { executeSteps } from "attestkit/client";
import { encodeAbiParameters, keccak256 } from "viem";
import type { ScenarioContext } from "./createScenarioContext.js";
import { depositToScenarioDepository } from "./depositToScenarioDepository.js";
import type { RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { followDevnetRequest } from "./followDevnetRequest.js";
import { quoteScenarioRequest } from "./quoteScenarioRequest.js";

/**
 * Scenario `double-spend`: pays a quote through its steps (under the order id) and, once it is
 * filled, deposits again under the request id; the second deposit's request, refunded with
 * DOUBLE_SPEND, is the one reported and followed.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @returns The second deposit's request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { requestId, status } = await driveDoubleSpendScenario(context)
 */
export async function driveDoubleSpendScenario(
  context: ScenarioContext,
): Promise<RunDevnetScenarioReturnType> {
  const { quote, requestId } = await quoteScenarioRequest(context);
  await executeSteps(context.client, {
    quote,
    wallet: context.wallet,
    checkIntervalMs: context.follow.intervalMs,
  });
  // The first request's statuses are not the scenario's: only the second deposit's are reported.
  await followDevnetRequest({ ...context.follow, onStatus: undefined, requestId });
  const hash = await depositToScenarioDepository(context, requestId, context.amount);
  const receipt = await context.publicClient.getTransactionReceipt({ hash });
  const log = receipt.logs.find(
    (entry) => entry.address.toLowerCase() === context.origin.contracts.depository.toLowerCase(),
  );
  // The devnet names a second deposit's request after the original, the transaction and the log.
  const duplicate = keccak256(
    encodeAbiParameters(
      [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }],
      [requestId, hash, BigInt(log?.logIndex ?? 0)],
    ),
  );
  context.onRequest?.(duplicate);
  return followDevnetRequest({ ...context.follow, requestId: duplicate });
}
