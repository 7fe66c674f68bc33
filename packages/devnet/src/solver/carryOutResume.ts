import type { Hex } from "viem";
import { collectSponsorship } from "./collectSponsorship.js";
import { failAndRefund } from "./failAndRefund.js";
import { followRestoredPayout } from "./followRestoredPayout.js";
import { planFill } from "./planFill.js";
import type { ResumeAction } from "./planResume.js";
import { recordFill } from "./recordFill.js";
import { recordRefund } from "./recordRefund.js";
import { recordRefundFailure } from "./recordRefundFailure.js";
import { recordSponsorship } from "./recordSponsorship.js";
import { refundExcess } from "./refundExcess.js";
import { refundRequest } from "./refundRequest.js";
import { sendFill } from "./sendFill.js";
import { settlePayment } from "./settlePayment.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Carries out one step `planResume` chose for a restored request, with the solver's own parts: the
 * deposit's decision from the start (`settlePayment`), the rest of a fill (`sendFill`), a payment on
 * chain recorded (`recordFill`, `recordRefund`, `recordSponsorship`, the excess in
 * `details.excessRefund`), a payout followed (`followRestoredPayout`), a payment sent (`refundRequest`,
 * `collectSponsorship`, `refundExcess`). `none` and `leave` do nothing here.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored request.
 * @param action - The step. {@link ResumeAction}
 * @example
 * await carryOutResume(context, requestId, planResume(request, facts))
 */
export async function carryOutResume(
  context: SolverContext,
  requestId: Hex,
  action: ResumeAction,
): Promise<void> {
  const { store, current, externalChains, chainOf, addDetails } = context;
  const request = current(requestId);
  switch (action.type) {
    case "none":
    case "leave":
      return;
    case "settle":
      return settlePayment(
        context,
        request.deposit as NonNullable<typeof request.deposit>,
        requestId,
        action.decision,
      );
    case "continueFill":
      return sendFill(context, requestId, { route: action.route, mined: action.mined });
    case "recordFill":
      return recordFill(context, requestId, { route: action.route, txHashes: action.txHashes });
    case "fillReverted": {
      if (action.route === "fallback")
        return failAndRefund(context, requestId, "UNKNOWN", {
          ...request.details,
          fallbackRevert: { txHash: action.txHash },
        });
      const chain = chainOf(request.destinationChainId);
      const to = planFill({ request, depository: chain.contracts.depository })[action.index]?.to;
      return failAndRefund(context, requestId, "UNKNOWN", {
        ...request.details,
        revert: { index: action.index, to, txHash: action.txHash },
      });
    }
    case "recordPayout":
      store.transition(requestId, "submitted", { txHashes: [action.txHash as Hex] });
      return;
    case "followPayout": {
      const external = externalChains.get(request.destinationChainId);
      if (external) await followRestoredPayout(context, requestId, external);
      return;
    }
    case "refund":
      return refundRequest(context, requestId, action.failReason);
    case "recordRefund":
      return recordRefund(context, requestId, {
        txHash: action.txHash as Hex,
        failReason: action.failReason,
      });
    case "refundReverted":
      return recordRefundFailure(context, requestId, {
        failReason: action.failReason,
        refundFailReason: "UNKNOWN",
      });
    case "sponsor":
      return collectSponsorship(context, requestId);
    case "recordSponsorship":
      return recordSponsorship(context, requestId, { txHash: action.txHash, status: action.status });
    case "refundExcess":
      if (!request.deposit) return;
      return refundExcess(context, requestId, request.deposit, action.excess);
    case "recordExcess":
      if (!request.deposit) return;
      addDetails(requestId, {
        excessRefund: {
          chainId: request.deposit.chainId,
          txHash: action.txHash,
          amount: action.excess.toString(),
        },
      });
      return;
  }
}
