import { AbortError } from "../errors/request.js";
import { initialStatusPollState, nextStatusPoll, type StatusPollState } from "./nextStatusPoll.js";
import { pollEndError } from "./pollEndError.js";
import { type PollStatusFailures, pollFailures } from "./pollFailures.js";
import { sleep as realSleep } from "./sleep.js";
import { startPollTimeout } from "./startPollTimeout.js";

export type { PollStatusFailures } from "./pollFailures.js";

export type PollStatusParameters<response extends { status: string }> = {
  /**
   * Reads the status once, in ONE attempt (`retry: false`): this loop is the one that retries, so its
   * backoff and its count see every failure. `signal` aborts when the wait ends.
   */
  read: (options: { signal: AbortSignal }) => Promise<response>;
  /** True for a status that ends the wait (for example a final status). */
  isSettled: (status: string) => boolean;
  /** True for a status the caller knows; any other ends the wait at once with `unknownStatusError`. */
  isKnown: (status: string) => boolean;
  /** Time between reads, in ms. */
  intervalMs: number;
  /** The whole wait's limit, in ms; `Infinity` waits for ever. */
  timeoutMs: number;
  /** How long a `failure` must stand, with no later status, before it ends the wait. */
  failureGraceMs: number;
  /**
   * How long the service may answer 404 (it does not know the request) before the wait ends with
   * `notFoundError`, in ms. The window restarts whenever a status is read.
   */
  notFoundWindowMs: number;
  /** Longest wait between reads after transient failures (the backoff's cap), in ms. Default 30 000. */
  maxBackoffMs?: number | undefined;
  /** Builds the error thrown when the wait times out. */
  timeoutError: (last: PollStatusFailures<response>) => Error;
  /** Builds the error thrown when the request stayed unknown (404) for `notFoundWindowMs`. */
  notFoundError: (last: PollStatusFailures<response>) => Error;
  /** Builds the error thrown at once for a status `isKnown` refuses. */
  unknownStatusError: (response: response) => Error;
  /** Called with the response each time the status changes (and for the first one seen). */
  onChange?: ((response: response) => void) | undefined;
  /** Aborts the wait at once, including a read in flight. */
  signal?: AbortSignal | undefined;
  /** The clock, in ms. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** Waits between reads; resolves after `ms` or rejects when `signal` aborts. Default a timer. */
  sleep?: ((parameters: { ms: number; signal: AbortSignal }) => Promise<void>) | undefined;
};

export type PollStatusReturnType<response> = {
  /** The response that ended the wait. */
  response: response;
  /** True when the wait ended on a `failure` that stood for the grace period, not on a settled status. */
  failureStood: boolean;
  /** Reads that failed transiently and were retried. */
  transientFailures: number;
};

export type PollStatusErrorType = AbortError | Error;

/**
 * Reads a request's status until it settles: the one polling loop of the client, shared by
 * `waitForStatus` (until a final status) and `executeSteps` (until an item's check is done). What each
 * read means is decided by `nextStatusPoll`, the client's one status policy (failure grace, not-found
 * window, unknown statuses, backoff and `Retry-After`); this loop only reads, sleeps and keeps time.
 * The timeout aborts a read in flight and throws `timeoutError`; the caller's signal `AbortError`
 * (`startPollTimeout` keeps both, `pollEndError` tells which one ended the wait).
 *
 * @param parameters - {@link PollStatusParameters}
 * @returns The response that ended the wait. {@link PollStatusReturnType}
 * @example
 * const { response } = await pollStatus({
 *   read: ({ signal }) => getStatus(client, { requestId }, { signal, retry: false }),
 *   isSettled: isFinalStatus, isKnown: isKnownStatus, intervalMs: 1000, timeoutMs: 60_000,
 *   failureGraceMs: 15_000, notFoundWindowMs: 60_000,
 *   timeoutError: () => new Error("timed out"), notFoundError: () => new Error("unknown request"),
 *   unknownStatusError: ({ status }) => new Error(`unknown status ${status}`),
 * })
 */
export async function pollStatus<response extends { status: string }>(
  parameters: PollStatusParameters<response>,
): Promise<PollStatusReturnType<response>> {
  const {
    read,
    isSettled,
    isKnown,
    intervalMs,
    timeoutMs,
    failureGraceMs,
    notFoundWindowMs,
    maxBackoffMs = 30_000,
    timeoutError,
    notFoundError,
    unknownStatusError,
    onChange,
    signal,
    now = Date.now,
    sleep = realSleep,
  } = parameters;
  if (signal?.aborted) throw new AbortError({ cause: signal.reason });
  const policy = { isSettled, isKnown, intervalMs, failureGraceMs, notFoundWindowMs, maxBackoffMs };

  const start = now();
  const limit = startPollTimeout({ timeoutMs, signal });
  let state: StatusPollState<response> = initialStatusPollState();
  try {
    for (;;) {
      let step: ReturnType<typeof nextStatusPoll<response>>;
      try {
        step = nextStatusPoll(
          policy,
          state,
          { kind: "read", response: await read({ signal: limit.signal }) },
          now(),
        );
      } catch (error) {
        if (limit.signal.aborted)
          throw pollEndError({ error, signal, timedOut: limit.timedOut(), timeoutError, state });
        step = nextStatusPoll(policy, state, { kind: "failed", error }, now());
      }
      state = step.state;
      if (step.changed) onChange?.(step.changed);
      const { action } = step;
      switch (action.kind) {
        case "settled":
          return {
            response: action.response,
            failureStood: action.failureStood,
            transientFailures: state.transientFailures,
          };
        case "fatal":
          throw action.error;
        case "not-found":
          throw notFoundError(pollFailures(state));
        case "unknown-status":
          throw unknownStatusError(action.response);
        case "read":
          try {
            await sleep({
              ms: Math.min(action.afterMs, Math.max(0, start + timeoutMs - now())),
              signal: limit.signal,
            });
          } catch (error) {
            throw pollEndError({ error, signal, timedOut: limit.timedOut(), timeoutError, state });
          }
      }
    }
  } finally {
    limit.stop();
  }
}
