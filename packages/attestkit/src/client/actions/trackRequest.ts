import type { StatusResponse } from "../../schemas/index.js";
import type { BaseClient } from "../createBaseClient.js";
import {
  type CreateStatusTrackerParameters,
  createStatusTracker,
  type TrackErrorType,
  type TrackParameters,
} from "./createStatusTracker.js";

export type TrackRequestParameters = TrackParameters & CreateStatusTrackerParameters;
export type TrackRequestReturnType = StatusResponse;
export type TrackRequestErrorType = TrackErrorType;

/**
 * Follows one request over the service's websocket status stream until its status is final, like
 * `waitForStatus` but pushed: reconnects with backoff when the stream drops, polls while it is down,
 * treats `failure` as final only after its grace period, and closes the connection when done.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - The request, the wait's limits and the stream's settings. {@link TrackRequestParameters}
 * @returns The final status. {@link TrackRequestReturnType}
 * @example
 * const final = await trackRequest(client, { requestId, onUpdate: (s) => console.log(s.status) })
 */
export async function trackRequest(
  client: BaseClient,
  parameters: TrackRequestParameters,
): Promise<TrackRequestReturnType> {
  const { requestId, timeoutMs, failureGraceMs, notFoundWindowMs, onUpdate, signal, ...stream } = parameters;
  const tracker = createStatusTracker(client, stream);
  try {
    return await tracker.track({ requestId, timeoutMs, failureGraceMs, notFoundWindowMs, onUpdate, signal });
  } finally {
    tracker.close();
  }
}
