import type { StatusTrackerClock } from "../../packages/attestkit/src/client/actions/createStatusTracker.js";

/** A clock whose time moves only when a test moves it; its timers fire as it passes them. */
export type FakeClock = StatusTrackerClock & {
  /**
   * Moves the time `ms` forward, running each timer due on the way at its own time, in the order
   * they are due (those due together in the order they were set). After each timer, and once at the
   * end, one turn of the event loop lets what it started run (promises, sockets, HTTP answers).
   */
  advance: (ms: number) => Promise<void>;
  /** Timers set and not fired or cleared yet. */
  pending: () => number;
};

export type CreateFakeClockParameters = {
  /** The time it starts at, in ms since the Unix epoch. Default 2025-01-01T00:00:00Z. */
  start?: number | undefined;
};

/** One turn of the event loop: I/O and everything queued before it run, the time does not move. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Creates a fake clock for code that takes one (`createStatusTracker`'s `clock`): `now()` stands
 * still and no timer fires until the test calls `advance`, so what a test sees never depends on how
 * fast the machine is, and waits of seconds take none. A delay below 0 (or NaN) fires at the current
 * time, as `setTimeout` fires it at once.
 *
 * @param parameters - {@link CreateFakeClockParameters}
 * @returns The clock. {@link FakeClock}
 * @example
 * const time = createFakeClock()
 * const tracker = createStatusTracker(client, { clock: time })
 * await time.advance(1000) // the polls of the next second run
 */
export function createFakeClock({ start = Date.UTC(2025, 0, 1) }: CreateFakeClockParameters = {}): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  // The first timer due by `until`: the earliest, and of those the first set (ids grow).
  const nextDue = (until: number) => {
    let due: { id: number; at: number; callback: () => void } | undefined;
    for (const [id, timer] of timers)
      if (timer.at <= until && (due === undefined || timer.at < due.at)) due = { id, ...timer };
    return due;
  };
  return {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + (ms > 0 ? ms : 0), callback });
      return id;
    },
    clearTimeout: (handle) => {
      if (typeof handle === "number") timers.delete(handle);
    },
    advance: async (ms) => {
      const until = now + ms;
      for (let due = nextDue(until); due !== undefined; due = nextDue(until)) {
        timers.delete(due.id);
        now = due.at;
        due.callback();
        await turn();
      }
      now = until;
      await turn();
    },
    pending: () => timers.size,
  };
}
