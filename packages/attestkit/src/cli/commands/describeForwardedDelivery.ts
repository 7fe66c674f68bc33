import { statusStyle } from "../statusStyle.js";
import { type Line, styled } from "../styledText.js";

export type DescribeForwardedDeliveryParameters = {
  /** When it arrived, `HH:MM:SS.mmm`. */
  time: string;
  eventId: string;
  /** The delivery's `X-Event-Attempt`. */
  attempt: string;
  /** The event's name (`request.status.updated`). */
  event: string;
  /** The event's data: the request and its status. */
  data: { requestId?: string; status?: string };
  /** The local URL's status (502 when it cannot be reached). */
  status: number;
  /** Why the local URL could not be reached. */
  error: string | undefined;
};

/**
 * What `webhooks listen` prints of a delivery it forwarded: a JSON record, and a line naming the
 * event, the request, its status and the local URL's answer.
 *
 * @param parameters - {@link DescribeForwardedDeliveryParameters}
 * @returns The record (`--json`) and the line.
 * @example
 * const { record, text } = describeForwardedDelivery({ time, eventId, attempt, event: event.event, data, status, error })
 */
export function describeForwardedDelivery({
  time,
  eventId,
  attempt,
  event,
  data,
  status,
  error,
}: DescribeForwardedDeliveryParameters): { record: Record<string, unknown>; text: Line } {
  return {
    record: {
      id: eventId,
      attempt: Number(attempt),
      verified: true,
      event,
      requestId: data.requestId ?? null,
      status: data.status ?? null,
      forwardedStatus: status,
      ...(error ? { error } : {}),
    },
    text: [
      `${time}  ${eventId}  attempt ${attempt}  ${event}  ${data.requestId ?? "-"}  `,
      styled(String(data.status), statusStyle(data.status)),
      `${" ".repeat(Math.max(0, 10 - String(data.status).length))}  -> `,
      error
        ? styled(`unreachable (${error}), 502`, "bad")
        : styled(String(status), status < 300 ? "good" : "bad"),
    ],
  };
}
