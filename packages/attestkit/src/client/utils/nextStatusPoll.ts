import { InvalidResponseError } from "../../schemas/errors.js";
import { ApiError, InvalidJsonError } from "../errors/request.js";
import { isRetryableError } from "./isRetryableError.js";

/** The rules of following a request's status, the same wherever the client follows one. */
export type StatusPollPolicy = {
  /** True for a status that ends the wait (a final status, or an item's "the service has it"). */
  isSettled: (status: string) => boolean;
  /** True for a status the client knows; a read of any other ends the wait. */
  isKnown: (status: string) => boolean;
  /** Time between reads while nothing is wrong, in ms. */
  intervalMs: number;
  /** How long a `failure` must stand, with no later status, before it ends the wait, in ms. */
  failureGraceMs: number;
  /** How long the service may answer 404 (it does not know the request yet), in ms. */
  notFoundWindowMs: number;
  /** Longest wait between reads after transient failures (the backoff's cap), in ms. */
  maxBackoffMs: number;
};

/** What a follower knows so far; start from {@link initialStatusPollState}. */
export type StatusPollState<response extends { status: string }> = {
  /** The last status read or pushed. */
  last: response | undefined;
  /** The error of the last read when it failed, else undefined. */
  lastError: unknown;
  /** When the current `failure` was first seen. */
  failureSince: number | undefined;
  /** When the current run of 404 answers began. */
  notFoundSince: number | undefined;
  /** Reads that failed in a row (the backoff's exponent). */
  failuresInARow: number;
  /** Reads that failed transiently during the whole wait. */
  transientFailures: number;
  /** Reads made. */
  reads: number;
};

/** One thing the follower saw. */
export type StatusObservation<response extends { status: string }> =
  /** A read of the status endpoint answered. */
  | { kind: "read"; response: response }
  /** A read failed. */
  | { kind: "failed"; error: unknown }
  /** A stream (websocket) pushed a status: news, but not a read (it cannot end a grace period). */
  | { kind: "pushed"; response: response };

/** What the follower does next. */
export type StatusPollAction<response extends { status: string }> =
  /** The wait is over: a settled status, or a `failure` that stood for the grace period. */
  | { kind: "settled"; response: response; failureStood: boolean }
  /** Read the status again after `afterMs`. */
  | { kind: "read"; afterMs: number }
  /** The service did not know the request for the whole not-found window. */
  | { kind: "not-found" }
  /** A read answered a status the client does not know. */
  | { kind: "unknown-status"; response: response }
  /** A read failed in a way no further read can mend (401, 400, ...). */
  | { kind: "fatal"; error: unknown };

export type NextStatusPollReturnType<response extends { status: string }> = {
  state: StatusPollState<response>;
  action: StatusPollAction<response>;
  /** The status, when it differs from the last one (report it). */
  changed: response | undefined;
};

export type IsTransientReadErrorParameters = {
  /** The error a status read failed with. */
  error: unknown;
};

/**
 * Tells whether a failed status read is waited out: every 5xx (a read changes nothing, so even a 500
 * is safe to repeat), 429, a network failure, a timeout, a body that is not JSON or not a status (a
 * proxy's page, a half-deployed service), and 404 (judged by the not-found window). Other 4xx (401,
 * 400) end the wait.
 *
 * @param parameters - {@link IsTransientReadErrorParameters}
 * @returns True when the next read may succeed.
 * @example
 * isTransientReadError({ error: new InvalidJsonError({ ... }) }) // true
 */
export function isTransientReadError({ error }: IsTransientReadErrorParameters): boolean {
  if (isRetryableError({ error })) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 404;
  return error instanceof InvalidJsonError || error instanceof InvalidResponseError;
}

/**
 * The state of a follower that has seen nothing yet.
 *
 * @returns A fresh state.
 * @example
 * let state = initialStatusPollState()
 */
export function initialStatusPollState<response extends { status: string }>(): StatusPollState<response> {
  return {
    last: undefined,
    lastError: undefined,
    failureSince: undefined,
    notFoundSince: undefined,
    failuresInARow: 0,
    transientFailures: 0,
    reads: 0,
  };
}

/**
 * The one policy of following a status, as a pure step: (policy, state, observation, now) ->
 * (state, action). `pollStatus` (waitForStatus, executeSteps' checks) and the status tracker's polls
 * and pushes all go through it, so they wait out the same failures the same way:
 *
 * - an answer older than the last one seen (`updatedAt`) changes nothing;
 * - a read of a status the client does not know ends the wait (`unknown-status`); a pushed one asks
 *   for a read at once, which decides;
 * - a settled status ends it; a `failure` ends it only once it has stood for `failureGraceMs`, as
 *   seen by a read (the live service has moved requests `pending -> failure -> pending -> refund`),
 *   and the next read comes no later than that moment;
 * - a transient read failure ({@link isTransientReadError}) is retried with exponential backoff from
 *   `intervalMs` up to `maxBackoffMs`, or after the `Retry-After` the service sent when it asks for
 *   more; any other failure ends it (`fatal`);
 * - 404 for `notFoundWindowMs`, with no status read in between, ends it (`not-found`).
 *
 * @param policy - {@link StatusPollPolicy}
 * @param state - What was known before. {@link StatusPollState}
 * @param observation - What was just seen. {@link StatusObservation}
 * @param now - The clock, in ms.
 * @returns The new state, the action and the changed status, if any. {@link NextStatusPollReturnType}
 * @example
 * const { state: next, action, changed } = nextStatusPoll(policy, state, { kind: "read", response }, Date.now())
 */
export function nextStatusPoll<response extends { status: string }>(
  policy: StatusPollPolicy,
  state: StatusPollState<response>,
  observation: StatusObservation<response>,
  now: number,
): NextStatusPollReturnType<response> {
  const read = (next: StatusPollState<response>, changed?: response): NextStatusPollReturnType<response> => ({
    state: next,
    action: { kind: "read", afterMs: delay(policy, next, now) },
    changed,
  });

  if (observation.kind === "failed") {
    const { error } = observation;
    const next: StatusPollState<response> = {
      ...state,
      reads: state.reads + 1,
      lastError: error,
      failuresInARow: state.failuresInARow + 1,
      transientFailures: state.transientFailures + 1,
    };
    if (!isTransientReadError({ error }))
      return { state: next, action: { kind: "fatal", error }, changed: undefined };
    if (error instanceof ApiError && error.status === 404) {
      next.notFoundSince = state.notFoundSince ?? now;
      if (now - next.notFoundSince >= policy.notFoundWindowMs)
        return { state: next, action: { kind: "not-found" }, changed: undefined };
    }
    return read(next);
  }

  const { response } = observation;
  const fromRead = observation.kind === "read";
  const base: StatusPollState<response> = fromRead
    ? { ...state, reads: state.reads + 1, lastError: undefined, failuresInARow: 0, notFoundSince: undefined }
    : { ...state };
  const last = state.last as { updatedAt?: unknown } | undefined;
  const updatedAt = (response as { updatedAt?: unknown }).updatedAt;
  // An answer older than what was seen (a slow read after a newer push) changes nothing.
  if (typeof last?.updatedAt === "number" && typeof updatedAt === "number" && updatedAt < last.updatedAt)
    return read(base);
  if (!policy.isKnown(response.status)) {
    if (fromRead)
      return {
        state: { ...base, last: response },
        action: { kind: "unknown-status", response },
        changed: undefined,
      };
    return { state: base, action: { kind: "read", afterMs: 0 }, changed: undefined };
  }
  const changed = response.status !== state.last?.status ? response : undefined;
  const next: StatusPollState<response> = { ...base, last: response };
  if (policy.isSettled(response.status))
    return { state: next, action: { kind: "settled", response, failureStood: false }, changed };
  if (response.status !== "failure") return read({ ...next, failureSince: undefined }, changed);
  next.failureSince = state.failureSince ?? now;
  if (now - next.failureSince >= policy.failureGraceMs)
    return fromRead
      ? { state: next, action: { kind: "settled", response, failureStood: true }, changed }
      : { state: next, action: { kind: "read", afterMs: 0 }, changed };
  return read(next, changed);
}

/** The wait before the next read: the interval, backed off after failures, never past a deadline the state holds. */
function delay<response extends { status: string }>(
  policy: StatusPollPolicy,
  state: StatusPollState<response>,
  now: number,
): number {
  let wait = policy.intervalMs;
  if (state.failuresInARow > 0) {
    wait = Math.min(
      Math.max(policy.intervalMs, policy.maxBackoffMs),
      policy.intervalMs * 2 ** Math.min(state.failuresInARow - 1, 30),
    );
    // The service's Retry-After wins when it asks for more.
    const retryAfterMs = state.lastError instanceof ApiError ? state.lastError.retryAfterMs : undefined;
    if (retryAfterMs !== undefined) wait = Math.max(wait, retryAfterMs);
  }
  if (state.failureSince !== undefined)
    wait = Math.min(wait, Math.max(0, state.failureSince + policy.failureGraceMs - now));
  if (state.notFoundSince !== undefined)
    wait = Math.min(wait, Math.max(0, state.notFoundSince + policy.notFoundWindowMs - now));
  return wait;
}
