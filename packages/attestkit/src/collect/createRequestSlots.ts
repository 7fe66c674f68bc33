import { InvalidCollectOptionError, type InvalidCollectOptionErrorType } from "./errors.js";

export type RequestSlots = {
  /** Resolves once one of the slots is this caller's (at once when one is free); callers wait in order. */
  acquire: () => Promise<void>;
  /** Gives the slot back: the longest waiting caller gets it. */
  release: () => void;
  /** Slots taken now. */
  taken: () => number;
};

export type CreateRequestSlotsReturnType = RequestSlots;

/** A count out of range. */
export type CreateRequestSlotsErrorType = InvalidCollectOptionErrorType;

/**
 * Creates the slots that bound how many requests of a collection are in flight at once: an attempt
 * holds one from before its turn of the pacer until its answer (or failure) is in, and gives it
 * back before any wait for another attempt, so a request backing off leaves room for the others.
 *
 * @param count - How many slots, 1 to 64.
 * @returns The slots. {@link RequestSlots}
 * @throws InvalidCollectOptionError for a count out of range.
 * @example
 * const slots = createRequestSlots(4)
 * await slots.acquire(); try { await send() } finally { slots.release() }
 */
export function createRequestSlots(count: number): CreateRequestSlotsReturnType {
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > 64)
    throw new InvalidCollectOptionError({
      option: "concurrency",
      value: count,
      expected: "a whole number from 1 to 64",
    });
  let taken = 0;
  const waiting: (() => void)[] = [];
  return {
    acquire() {
      if (taken < count) {
        taken++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      // The slot goes straight to the next caller: `taken` stays the same.
      const next = waiting.shift();
      if (next) next();
      else taken--;
    },
    taken: () => taken,
  };
}
