import type { StatusResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import { statusEvent } from "./sendSubscription.js";

export type ReadStreamMessageParameters = {
  /** A message's data as the socket gives it: text, or bytes of UTF-8 text. */
  data: unknown;
};

/** A message of the status stream, as far as a tracker acts on it. */
export type StreamMessage =
  /** `{type:"connection",status:"ready"}`: the connection is ready for subscriptions. */
  | { kind: "ready" }
  /** `{type:"subscribe",status:"success",data:{filters:{id}}}`: a subscription acknowledged; `key` is the id in lowercase. */
  | { kind: "subscribed"; key: string }
  /** `{event:"request.status.updated",data}`: a request's status, checked by the status schema; `key` is its id in lowercase. */
  | { kind: "status"; key: string; status: StatusResponse }
  /** Anything else: not JSON, another message, an acknowledgement without an id, a status the schema refuses. */
  | { kind: "other" };

/**
 * Reads one message of the service's status stream (the live protocol), in this order: the ready
 * message, a subscription's acknowledgement, a status event. Nothing a message holds is trusted
 * further than this: a status is parsed by the status schema, and a message that is not one of the
 * three is `other`.
 *
 * @param parameters - {@link ReadStreamMessageParameters}
 * @returns The message. {@link StreamMessage}
 * @example
 * readStreamMessage({ data: '{"type":"connection","status":"ready"}' }) // { kind: "ready" }
 */
export function readStreamMessage({ data }: ReadStreamMessageParameters): StreamMessage {
  let message: { type?: unknown; status?: unknown; event?: unknown; data?: unknown };
  try {
    message = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data as ArrayBuffer));
  } catch {
    return { kind: "other" };
  }
  if (message?.type === "connection" && message.status === "ready") return { kind: "ready" };
  if (message?.type === "subscribe" && message.status === "success") {
    const id = (message.data as { filters?: { id?: unknown } } | undefined)?.filters?.id;
    return typeof id === "string" ? { kind: "subscribed", key: id.toLowerCase() } : { kind: "other" };
  }
  if (message?.event === statusEvent && message.data && typeof message.data === "object") {
    let status: StatusResponse;
    try {
      status = parseResponse({ endpoint: "status", body: message.data }) as StatusResponse;
    } catch {
      return { kind: "other" };
    }
    return typeof status.requestId === "string"
      ? { kind: "status", key: status.requestId.toLowerCase(), status }
      : { kind: "other" };
  }
  return { kind: "other" };
}
