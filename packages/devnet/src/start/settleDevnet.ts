import type { Solver } from "../solver/createSolver.js";
import type { DevnetResources } from "./stopDevnet.js";

/**
 * Waits until every payment seen so far is processed: the deposit address sweeps first (a sweep is a
 * deposit the indexers then read), then the indexers, then the orphans whose window has passed are
 * refunded (`refundDueOrphans`) and the solver's work is waited for, but a payout to Bitcoin or the
 * exchange waiting for its confirmation there (`Solver.settled`). Webhook deliveries are not waited
 * for.
 *
 * @param resources - What the devnet started. {@link DevnetResources}
 * @param solver - The devnet's solver. {@link Solver}
 * @example
 * await settleDevnet(resources, solver)
 */
export async function settleDevnet(resources: DevnetResources, solver: Solver): Promise<void> {
  await Promise.all(resources.watchers.map((watcher) => watcher.scan()));
  await Promise.all(resources.indexers.map((indexer) => indexer.scan()));
  solver.refundDueOrphans();
  await solver.settled();
}
