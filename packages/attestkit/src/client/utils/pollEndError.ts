import { AbortError } from "../errors/request.js";
import type { StatusPollState } from "./nextStatusPoll.js";
import { type PollStatusFailures, pollFailures } from "./pollFailures.js";

export type PollEndErrorParameters<response extends { status: string }> = {
  /** What the read or the sleep that was cut short threw. */
  error: unknown;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
  /** Whether the wait's time is up. */
  timedOut: boolean;
  /** Builds the wait's timeout error from what it saw. */
  timeoutError: (last: PollStatusFailures<response>) => Error;
  /** The status policy's state when the wait ended. */
  state: StatusPollState<response>;
};

/**
 * The error a status wait ends with when a read or a sleep of it was aborted: the caller's abort is
 * an `AbortError` (whatever else happened), the wait's own timeout is the caller's `timeoutError`,
 * and anything else is the error itself.
 *
 * @param parameters - {@link PollEndErrorParameters}
 * @returns The error to throw.
 * @example
 * throw pollEndError({ error, signal, timedOut: limit.timedOut(), timeoutError, state })
 */
export function pollEndError<response extends { status: string }>({
  error,
  signal,
  timedOut,
  timeoutError,
  state,
}: PollEndErrorParameters<response>): unknown {
  if (signal?.aborted) return new AbortError({ cause: signal.reason });
  if (timedOut) return timeoutError(pollFailures(state));
  return error;
}
