import type { Hex } from "viem";

/** The orphans whose refund waits for the devnet's window, each with the time it is due. */
export type OrphanQueue = {
  /** Holds a request until `dueAt` (ms of the clock); holding it again moves its time. */
  hold: (requestId: Hex, dueAt: number) => void;
  /** Hands over every held request that is due now (also done by each one's timer). */
  release: () => void;
  /** How many requests are held. */
  size: () => number;
};

export type CreateOrphanQueueParameters = {
  /** The clock the times are read on (the solver's, replaceable in tests). */
  now: () => number;
  /** Called once for each request whose time has come. */
  onDue: (requestId: Hex) => void;
  /** Ends every wait when aborted (the devnet stops): nothing is handed over after it. */
  signal?: AbortSignal | undefined;
};

/**
 * Creates the queue of held orphan refunds: each held request gets a timer for its time, which hands
 * it over when the clock says it is due; a timer that fires early by the clock (a test's clock that
 * has not moved) waits again. `release` hands over whatever is due at once, so a test that moves the
 * solver's clock sees the refunds without waiting (`devnet.idle()` calls it). Timers never keep the
 * process alive.
 *
 * @param parameters - {@link CreateOrphanQueueParameters}
 * @returns The queue. {@link OrphanQueue}
 * @example
 * const orphans = createOrphanQueue({ now, onDue: (requestId) => refund(requestId), signal })
 * orphans.hold(requestId, Date.now() + 30_000)
 */
export function createOrphanQueue({ now, onDue, signal }: CreateOrphanQueueParameters): OrphanQueue {
  const held = new Map<Hex, { dueAt: number; timer: ReturnType<typeof setTimeout> }>();
  const fire = (requestId: Hex) => {
    const entry = held.get(requestId);
    if (!entry) return;
    if (now() < entry.dueAt) return arm(requestId, entry.dueAt);
    clearTimeout(entry.timer);
    held.delete(requestId);
    onDue(requestId);
  };
  const arm = (requestId: Hex, dueAt: number) => {
    clearTimeout(held.get(requestId)?.timer);
    const timer = setTimeout(() => fire(requestId), Math.max(1, dueAt - now()));
    timer.unref();
    held.set(requestId, { dueAt, timer });
  };
  signal?.addEventListener("abort", () => {
    for (const { timer } of held.values()) clearTimeout(timer);
    held.clear();
  });
  return {
    hold(requestId, dueAt) {
      if (!signal?.aborted) arm(requestId, dueAt);
    },
    release() {
      for (const requestId of [...held.keys()]) fire(requestId);
    },
    size: () => held.size,
  };
}
