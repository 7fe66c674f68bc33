import { vi } from "vitest";

/**
 * Runs vitest's fake clock, timer by timer, until `promise` settles, and answers what it answers:
 * code that waits (polls, back-offs) runs at once and never on a wall-clock margin.
 *
 * @example
 * vi.useFakeTimers()
 * await onFakeClock(pollStatus(...)) // every wait taken as its timer fires
 */
export async function onFakeClock<value>(promise: Promise<value>): Promise<value> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) await vi.advanceTimersToNextTimerAsync();
  return promise;
}
