import { type Hex, hexToBigInt } from "viem";
import type { Solver } from "../solver/createSolver.js";
import type { DevnetResources } from "./stopDevnet.js";

/** At most this many passes: work that keeps mining (a chain mining on a timer) does not hold `idle()` for ever. */
const maxPasses = 4;

/**
 * Waits until every payment seen so far is processed: the deposit address sweeps first (a sweep is a
 * deposit the indexers then read), then the indexers, then the orphans whose window has passed are
 * refunded (`refundDueOrphans`) and the solver's work is waited for, but a payout to Bitcoin or the
 * exchange waiting for its confirmation there (`Solver.settled`). Work the pass itself set off (a
 * fill, a refund, an open deposit address's sweep after its re-quote, a transfer that landed
 * meanwhile) is mined in new blocks: the pass is run again until one mines nothing on any EVM chain,
 * at most {@link maxPasses} times. Webhook deliveries are not waited for.
 *
 * @param resources - What the devnet started. {@link DevnetResources}
 * @param solver - The devnet's solver. {@link Solver}
 * @example
 * await settleDevnet(resources, solver)
 */
export async function settleDevnet(resources: DevnetResources, solver: Solver): Promise<void> {
  for (let pass = 0; pass < maxPasses; pass++) {
    const before = await blockNumbers(resources);
    await settleOnce(resources, solver);
    const after = await blockNumbers(resources);
    if (after === before) return;
  }
}

/** One pass: the sweeps, the indexers, the orphans due, the solver's work. */
async function settleOnce(resources: DevnetResources, solver: Solver): Promise<void> {
  await Promise.all(resources.watchers.map((watcher) => watcher.scan()));
  await Promise.all(resources.indexers.map((indexer) => indexer.scan()));
  solver.refundDueOrphans();
  await solver.settled();
}

/** Every EVM chain's latest block number, as one comparable text (`"31337:12,31338:9"`). */
async function blockNumbers({ chains }: DevnetResources): Promise<string> {
  const numbers = await Promise.all(
    chains.map(
      async (chain) =>
        `${chain.chainId}:${hexToBigInt((await chain.request({ method: "eth_blockNumber" })) as Hex)}`,
    ),
  );
  return numbers.join(",");
}
