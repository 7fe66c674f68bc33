import { AbortError, type AbortErrorType } from "../client/errors/request.js";
import { sleep as defaultSleep } from "../client/utils/sleep.js";
import { InvalidCollectOptionError, type InvalidCollectOptionErrorType } from "./errors.js";

/** A wait the pacer can be given: resolves after `ms`, rejects with an `AbortError` when `signal` aborts. */
export type PacerSleep = (parameters: { ms: number; signal?: AbortSignal | undefined }) => Promise<void>;

export type CreateRequestPacerParameters = {
  /** Most request starts per second; a fraction is allowed (`0.5`: one every 2 s). From 0.001 to 100,000. */
  ratePerSecond: number;
  /** The clock, in ms; only differences are read. Default `performance.now`. */
  now?: (() => number) | undefined;
  /** The wait. Default: timers (`sleep` of the client). */
  sleep?: PacerSleep | undefined;
};

export type RequestPacer = {
  /**
   * Waits for this caller's turn and resolves at the moment its request may start, with that time
   * (the pacer's clock). Turns are granted one at a time, in the order they were asked for.
   */
  take: (parameters?: { signal?: AbortSignal | undefined }) => Promise<number>;
  /**
   * Holds every start until `ms` from now (a 429's `Retry-After`): the turns already waiting wait
   * longer. A pause never shortens one set before.
   */
  pause: (ms: number) => void;
  /** Most starts in any window of `windowMs`: `max(1, floor(ratePerSecond))`. */
  capacity: number;
  /** The window, in ms: `1000 × capacity / ratePerSecond` (one second for a whole rate). */
  windowMs: number;
};

export type CreateRequestPacerReturnType = RequestPacer;

/** A rate out of range. */
export type CreateRequestPacerErrorType = InvalidCollectOptionErrorType;

/** What `take` rejects with: the caller's signal aborted while it waited. */
export type RequestPacerTakeErrorType = AbortErrorType;

/**
 * Creates the pacer of a collection: every request starts only when the pacer grants it a turn,
 * and any window of `windowMs` holds at most `capacity` turns (a sliding window over the last
 * `capacity` starts), where `capacity / windowMs` is the rate: for a whole rate, at most
 * `ratePerSecond` starts in any one second `[t, t + 1000)`; for a rate below one, one start per
 * `1000 / ratePerSecond` ms; in the long run never more than `ratePerSecond` a second. The rule is
 * checked when a turn is granted, against the clock read at that moment, so a wait that ends late
 * (a busy event loop) never lets a turn come early, and costs the rate nothing later (unlike a
 * fixed spacing, which would lose each timer's lateness for good). The first window is paced
 * evenly (one turn every `windowMs / capacity`, the first after one such step); after an idle time
 * up to `capacity` turns may be granted at once, which the window allows. `pause` (a 429's
 * `Retry-After`) holds every turn until its end.
 *
 * @param parameters - {@link CreateRequestPacerParameters}
 * @returns The pacer. {@link RequestPacer}
 * @throws InvalidCollectOptionError for a rate out of range.
 * @example
 * const pacer = createRequestPacer({ ratePerSecond: 3 })
 * await pacer.take() // at most 3 starts in any second
 * pacer.pause(2000) // the service said Retry-After: 2
 */
export function createRequestPacer({
  ratePerSecond,
  now = () => performance.now(),
  sleep = defaultSleep,
}: CreateRequestPacerParameters): CreateRequestPacerReturnType {
  if (
    typeof ratePerSecond !== "number" ||
    !Number.isFinite(ratePerSecond) ||
    ratePerSecond < 0.001 ||
    ratePerSecond > 100_000
  )
    throw new InvalidCollectOptionError({
      option: "ratePerSecond",
      value: ratePerSecond,
      expected: "a number of requests per second from 0.001 to 100000",
    });
  const capacity = Math.max(1, Math.floor(ratePerSecond));
  const windowMs = (1000 * capacity) / ratePerSecond;
  // The last `capacity` starts, oldest at `oldest`: a turn may start once the oldest has left the
  // window. It begins as if the window before the pacer was made had been used evenly, so the first
  // window is paced too (one start every `windowMs / capacity`), not spent in one burst: from its
  // start the run never goes faster than the rate on average either.
  const created = now();
  const starts = Float64Array.from(
    { length: capacity },
    (_, k) => created - windowMs + ((k + 1) * windowMs) / capacity,
  );
  let oldest = 0;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  // Turns are granted one after the other: each waits for the one asked for before it.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    capacity,
    windowMs,
    take({ signal } = {}) {
      const turn = queue.then(async () => {
        for (;;) {
          if (signal?.aborted) throw new AbortError({ cause: signal.reason });
          const at = now();
          const first = starts[oldest] as number;
          // Differences, not sums: `at - first` is the span a reader of the starts measures.
          if (at - first >= windowMs && at >= pausedUntil) {
            starts[oldest] = at;
            oldest = (oldest + 1) % capacity;
            return at;
          }
          // Woken early or late, or paused meanwhile: the rule is read again against the clock. (A
          // floor on the wait: a clock cannot be moved by less than its own precision.)
          const ms = Math.max(first + windowMs - at, pausedUntil - at, 0.001);
          await sleep({ ms, signal });
        }
      });
      // A turn given up (aborted) passes the next one on.
      queue = turn.catch(() => {});
      return turn;
    },
    pause(ms) {
      if (Number.isFinite(ms) && ms > 0) pausedUntil = Math.max(pausedUntil, now() + ms);
    },
  };
}
