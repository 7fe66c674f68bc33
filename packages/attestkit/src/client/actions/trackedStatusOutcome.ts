import type { StatusResponse } from "../../schemas/index.js";
import { requestStatuses } from "../../schemas/statuses.js";
import { RequestNotFoundError, UnknownStatusError } from "../errors/status.js";
import type { StatusPollAction } from "../utils/nextStatusPoll.js";
import type { TrackResult } from "./statusTrackerTypes.js";

export type TrackedStatusOutcomeParameters = {
  /** What the status policy said to do. */
  action: StatusPollAction<StatusResponse>;
  requestId: string;
  /** The request's not-found window, in ms. */
  notFoundWindowMs: number;
  /** Reads made so far. */
  reads: number;
};

export type TrackedStatusOutcome =
  /** The track ends: resolved with the status, or rejected with the error. */
  | { kind: "finish"; result: TrackResult }
  /** The track goes on: poll again after `afterMs`. */
  | { kind: "read"; afterMs: number };

/**
 * What a tracked request's track does with the status policy's action, as `waitForStatus` does:
 * a settled status resolves it; a fatal read failure rejects it with that error; a request unknown
 * for the whole not-found window with a `RequestNotFoundError`, and a status the client does not know
 * with an `UnknownStatusError`; anything else is a poll after the policy's delay.
 *
 * @param parameters - {@link TrackedStatusOutcomeParameters}
 * @returns Finish the track, or poll again. {@link TrackedStatusOutcome}
 * @example
 * trackedStatusOutcome({ action: { kind: "read", afterMs: 1000 }, requestId, notFoundWindowMs: 60_000, reads: 1 }) // { kind: "read", afterMs: 1000 }
 */
export function trackedStatusOutcome({
  action,
  requestId,
  notFoundWindowMs,
  reads,
}: TrackedStatusOutcomeParameters): TrackedStatusOutcome {
  switch (action.kind) {
    case "settled":
      return { kind: "finish", result: { status: action.response } };
    case "fatal":
      return { kind: "finish", result: { error: action.error } };
    case "not-found":
      return {
        kind: "finish",
        result: {
          error: new RequestNotFoundError({
            requestId,
            endpoint: "/intents/status/v3",
            windowMs: notFoundWindowMs,
            reads,
          }),
        },
      };
    case "unknown-status":
      return {
        kind: "finish",
        result: {
          error: new UnknownStatusError({
            requestId,
            status: action.response.status,
            statusResponse: action.response,
            knownStatuses: requestStatuses,
          }),
        },
      };
    case "read":
      return { kind: "read", afterMs: action.afterMs };
  }
}
