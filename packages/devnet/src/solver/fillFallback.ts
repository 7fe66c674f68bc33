import type { Hex } from "viem";
import type { RequestDetails } from "../state/types.js";
import { sendFill } from "./sendFill.js";
import type { SolverContext } from "./solverContext.js";

/**
 * The fallback route: the plain output to the recipient, without the destination calls (the native
 * value they would have carried goes to the recipient too); `fallback` once mined, with the reason in
 * `details.fallback`. The simulated revert goes into the request's details first, so a restart can
 * take the route up. A revert of the fallback itself is a failure and a refund.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The `pending` request whose destination calls revert.
 * @param details - The request's details with the simulated revert (`decideFill`'s `fallback`).
 * @example
 * if (decision.type === "fallback") await fillFallback(context, requestId, decision.details)
 */
export async function fillFallback(
  context: SolverContext,
  requestId: Hex,
  details: RequestDetails,
): Promise<void> {
  context.store.update(requestId, { details });
  await sendFill(context, requestId, { route: "fallback" });
}
