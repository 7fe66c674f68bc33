import { bitcoin as bitcoinRoute, externalExchange } from "attestkit/chains";
import type { Solver } from "../solver/createSolver.js";
import { isCutShort } from "../solver/isCutShort.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { DevnetRequest } from "../state/types.js";

export type ResumeRestoredRequestsParameters = {
  store: RequestStore;
  solver: Solver;
  /** Credits a delivered request's app fees. */
  accrueAppFees: (request: DevnetRequest) => void;
  log: (message: string) => void;
};

/**
 * After a restart from a state directory: logs how many requests came back, credits again the app
 * fees of delivered requests (those filled just before the process ended keep their request, maybe
 * not yet their credit; a credit counts once), and hands the solver (`resumeRequest`) every request
 * whose work a crash may have cut short (`isCutShort`: `pending`, `submitted`, a `failure` whose
 * refund is to come, a `success` whose sponsor payment or excess refund is not recorded); a pending
 * deposit from Bitcoin or the exchange is taken up by its watcher instead, once final.
 *
 * @param parameters - {@link ResumeRestoredRequestsParameters}
 * @example
 * if (state && stored) resumeRestoredRequests({ store, solver, accrueAppFees, log })
 */
export function resumeRestoredRequests({
  store,
  solver,
  accrueAppFees,
  log,
}: ResumeRestoredRequestsParameters): void {
  log(`state: ${store.size()} requests restored`);
  // Fees of requests filled just before the process ended (the request kept, its credit not yet).
  for (const request of store.all())
    if (request.status === "success" || request.status === "fallback") accrueAppFees(request);
  // Work a crash cut short: payments on chain recorded, the rest carried out (`planResume`).
  // A pending deposit from Bitcoin or the exchange is taken up by its watcher, restored next.
  const watched: number[] = [bitcoinRoute.chainId, externalExchange.chainId];
  for (const request of store.all())
    if (isCutShort(request) && !(request.status === "pending" && watched.includes(request.originChainId)))
      solver.resume(request.requestId);
}
