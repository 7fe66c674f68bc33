import type { Hex } from "viem";
import type { DepositDecision } from "../state/types.js";
import { carryOutResume } from "./carryOutResume.js";
import { leaveRestoredRequest } from "./leaveRestoredRequest.js";
import { planResume, type ResumeAction } from "./planResume.js";
import { readResumeFacts } from "./readResumeFacts.js";
import type { SolverContext } from "./solverContext.js";

/** Steps at most per request: each one changes its record, and none repeats. */
const maxSteps = 8;

/**
 * Takes up a request restored from a state directory whose processing a crash cut short: reads what
 * the chains say (`readResumeFacts`), lets `planResume` choose the next step (the table of crash
 * points is there), carries it out (`carryOutResume`) and starts again, until nothing is left to do,
 * or a step changes nothing. What is done is logged (`restored request …: …`); a request whose
 * payments cannot be told (a record of an older devnet) is left as it is and logged, never paid
 * twice. Throws when the request's EVM destination is not one of the solver's chains.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored request.
 * @param fallback - The decision a watcher restored for its deposit (records of an older devnet keep none).
 * @example
 * for (const request of store.all()) if (isCutShort(request)) await resumeRequest(context, request.requestId)
 */
export async function resumeRequest(
  context: SolverContext,
  requestId: Hex,
  fallback?: DepositDecision | undefined,
): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    const request = context.store.get(requestId);
    if (!request) return;
    const action = planResume(request, await readResumeFacts(context, request, fallback));
    if (action.type === "none") return;
    if (action.type === "leave") return leaveRestoredRequest(context, requestId, action.why);
    context.log(`restored request ${requestId}: ${describe(action, request.destinationChainId, context)}`);
    await carryOutResume(context, requestId, action);
    if (context.store.get(requestId) === request) return;
  }
}

/** The log line's end for a step. */
const describe = (action: ResumeAction, destinationChainId: number, context: SolverContext): string => {
  const fill = context.externalChains.has(destinationChainId) ? "payout" : "fill";
  switch (action.type) {
    case "settle":
      return `the ${action.decision.type === "fill" ? fill : "refund"} cut by the restart is sent now`;
    case "continueFill":
      return `${action.mined.length} transactions of its ${action.route} are mined, the rest is sent now`;
    case "recordFill":
      return `its ${action.route} on chain is recorded (${action.txHashes.join(", ")})`;
    case "fillReverted":
      return `its ${action.route} transaction ${action.txHash} reverted: failure, then the refund`;
    case "recordPayout":
      return `its payout ${action.txHash} is recorded`;
    case "followPayout":
      return `its payout ${action.txHash} is followed until final`;
    case "refund":
      return "the refund cut by the restart is sent now";
    case "recordRefund":
      return `its refund ${action.txHash} on chain is recorded`;
    case "refundReverted":
      return "its refund reverted on chain: failure";
    case "sponsor":
      return "the sponsor's payment cut by the restart is sent now";
    case "recordSponsorship":
      return `the sponsor's payment ${action.txHash} on chain is recorded`;
    case "refundExcess":
      return "the excess refund cut by the restart is sent now";
    case "recordExcess":
      return `its excess refund ${action.txHash} on chain is recorded`;
    default:
      return action.type;
  }
};
