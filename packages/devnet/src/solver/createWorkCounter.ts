/** The solver's work in flight, counted so that a caller can wait for it. */
export type WorkCounter = {
  /** Runs a piece of work after the caller's turn (never inside a chain's event), counted; logs what it throws. */
  track: (what: string, work: () => Promise<void>) => void;
  /**
   * Counts a wait of tracked work as parked while it lasts: the work waits for another chain to
   * confirm a payment it already recorded (a Bitcoin payout's first confirmation), so nothing on the
   * devnet's EVM chains or in its records moves until then.
   */
  park: <value>(waiting: Promise<value>) => Promise<value>;
  /** Resolves when no work is left. */
  idle: () => Promise<void>;
  /** Resolves when every piece of work left is parked (none at all, or each waiting on another chain). */
  settled: () => Promise<void>;
};

/**
 * Creates the counter of the solver's work: `idle` waits for all of it, `settled` for all but the
 * waits `park` marks (a test may leave a Bitcoin payout unconfirmed on a chain that mines only on
 * demand: `settled` does not wait for that block).
 *
 * @param log - Where a piece of work's error is reported.
 * @returns The counter. {@link WorkCounter}
 * @example
 * const work = createWorkCounter(log)
 * work.track(`payment ${hash}`, () => settlePayment(context, payment, requestId, decision))
 * await work.idle()
 */
export function createWorkCounter(log: (message: string) => void): WorkCounter {
  let inFlight = 0;
  let parked = 0;
  let waiters: { all: boolean; resolve: () => void }[] = [];
  const wake = () => {
    const left: typeof waiters = [];
    for (const waiter of waiters)
      if (inFlight === 0 || (!waiter.all && inFlight === parked)) waiter.resolve();
      else left.push(waiter);
    waiters = left;
  };
  const wait = (all: boolean) =>
    new Promise<void>((resolve) => {
      waiters.push({ all, resolve });
      wake();
    });
  return {
    track(what, work) {
      inFlight++;
      Promise.resolve()
        .then(work)
        .catch((error) => log(`${what}: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          inFlight--;
          wake();
        });
    },
    async park(waiting) {
      parked++;
      wake();
      try {
        return await waiting;
      } finally {
        parked--;
      }
    },
    idle: () => wait(true),
    settled: () => wait(false),
  };
}
