import type { StatusResponse } from "../../schemas/index.js";
import { validateRequest } from "../../schemas/index.js";
import { AbortError } from "../errors/request.js";
import { WaitForStatusTimeoutError } from "../errors/status.js";
import { initialStatusPollState } from "../utils/nextStatusPoll.js";
import { connectStream } from "./connectStream.js";
import { finishTrack } from "./finishTrack.js";
import { schedulePoll } from "./schedulePoll.js";
import type { Subscription, TrackerContext } from "./statusTrackerTypes.js";
import { subscribeRequest } from "./subscribeRequest.js";

export type StartTrackParameters = {
  /** The request id from the quote's steps. */
  requestId: string;
  /** The wait's limit, in ms; from 2^31 ms on (`Infinity` included) it has none. */
  timeoutMs: number;
  /** How long a `failure` must stand before it ends the wait, in ms. */
  failureGraceMs: number;
  /** How long the service may answer 404 for the request, in ms. */
  notFoundWindowMs: number;
  /** Called with the status each time it changes. */
  onUpdate: ((status: StatusResponse) => void) | undefined;
  /** Ends the track at once with `AbortError`. */
  signal: AbortSignal | undefined;
};

/**
 * Starts following one request on a tracker. Refused at once (a rejected promise): a malformed
 * request id (`InvalidRequestError`), a closed tracker or an aborted signal (`AbortError`), a request
 * this tracker already follows. Otherwise its first status comes from a poll at once (the stream
 * sends changes only), it is subscribed when the connection is ready (or a connection is opened),
 * and the track ends with `finishTrack`: at a final status, at its timeout
 * (`WaitForStatusTimeoutError`, with the last status seen), when its signal aborts, or on the
 * policy's errors.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link StartTrackParameters}
 * @returns The request's final status.
 * @example
 * const final = await startTrack(tracker, { requestId, timeoutMs: 1_800_000, failureGraceMs: 15_000, notFoundWindowMs: 60_000, onUpdate: undefined, signal: undefined })
 */
export function startTrack(
  tracker: TrackerContext,
  { requestId, timeoutMs, failureGraceMs, notFoundWindowMs, onUpdate, signal }: StartTrackParameters,
): Promise<StatusResponse> {
  try {
    validateRequest({ endpoint: "status", body: { requestId } });
  } catch (error) {
    return Promise.reject(error);
  }
  if (tracker.closed) return Promise.reject(new AbortError({ cause: "the tracker is closed" }));
  if (signal?.aborted) return Promise.reject(new AbortError({ cause: signal.reason }));
  const key = requestId.toLowerCase();
  if (tracker.subscriptions.has(key))
    return Promise.reject(new Error(`Request ${requestId} is already tracked by this tracker.`));
  return new Promise<StatusResponse>((resolve, reject) => {
    const subscription: Subscription = {
      requestId,
      key,
      failureGraceMs,
      notFoundWindowMs,
      poll: initialStatusPollState(),
      acknowledged: false,
      ackTimer: undefined,
      onUpdate,
      pollTimer: undefined,
      polling: undefined,
      timeoutTimer: undefined,
      signal,
      onAbort: () =>
        finishTrack(tracker, { subscription, result: { error: new AbortError({ cause: signal?.reason }) } }),
      resolve,
      reject,
    };
    tracker.subscriptions.set(key, subscription);
    signal?.addEventListener("abort", subscription.onAbort, { once: true });
    // setTimeout takes at most 2^31 - 1 ms; longer (or infinite) waits need no timer.
    if (timeoutMs < 2 ** 31)
      subscription.timeoutTimer = tracker.clock.setTimeout(() => {
        const lastStatus = subscription.poll.last;
        const error = new WaitForStatusTimeoutError({ requestId, timeoutMs, lastStatus });
        finishTrack(tracker, { subscription, result: { error } });
      }, timeoutMs);
    // The first answer comes from a poll: the stream sends changes only.
    schedulePoll(tracker, { subscription, delayMs: 0 });
    if (tracker.state === "connected") subscribeRequest(tracker, { subscription });
    else if (!tracker.socket && tracker.state !== "down") void connectStream(tracker);
  });
}
