import type { StatusPollState } from "./nextStatusPoll.js";

/** What the loop saw before it gave up: given to the error builders. */
export type PollStatusFailures<response> = {
  /** The last response read, or undefined when none was. */
  response: response | undefined;
  /** The error of the last read when it failed, else undefined. */
  error: unknown;
  /** Reads that failed transiently (5xx, 429, network, timeout, malformed answer, 404) during the wait. */
  transientFailures: number;
  /** Reads made. */
  reads: number;
};

/**
 * What a status wait saw before it gave up, as its error builders (`timeoutError`, `notFoundError`)
 * are given it: read from the status policy's state.
 *
 * @param state - The policy's state when the wait ended. {@link StatusPollState}
 * @returns The last response and error, and the counts of reads. {@link PollStatusFailures}
 * @example
 * throw notFoundError(pollFailures(state))
 */
export function pollFailures<response extends { status: string }>(
  state: StatusPollState<response>,
): PollStatusFailures<response> {
  return {
    response: state.last,
    error: state.lastError,
    transientFailures: state.transientFailures,
    reads: state.reads,
  };
}
