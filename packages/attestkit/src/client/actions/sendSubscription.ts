import type { TrackerContext } from "./statusTrackerTypes.js";

/** The stream's event of a request's status. */
export const statusEvent = "request.status.updated";

export type SendSubscriptionParameters = {
  /** Start or stop receiving the request's statuses. */
  type: "subscribe" | "unsubscribe";
  requestId: string;
};

/**
 * Sends `{type, event: "request.status.updated", filters: {id}}` on the tracker's connection, the
 * live protocol's (un)subscription, when the connection is ready and open; otherwise nothing (a
 * subscription is made again when the next connection is ready).
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link SendSubscriptionParameters}
 * @example
 * sendSubscription(tracker, { type: "subscribe", requestId })
 */
export function sendSubscription(
  tracker: TrackerContext,
  { type, requestId }: SendSubscriptionParameters,
): void {
  if (tracker.state === "connected" && tracker.socket?.readyState === 1)
    tracker.socket.send(JSON.stringify({ type, event: statusEvent, filters: { id: requestId } }));
}
