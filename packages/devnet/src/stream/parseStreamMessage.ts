import { statusEvent } from "./constants.js";

/** A client's message as the stream reads it: a subscription change, or why it is refused. */
export type StreamMessage =
  /** Follow `id` (a request id, as the client wrote it). */
  | { type: "subscribe"; id: string }
  /** Stop following `id`, or every request when no id is given. */
  | { type: "unsubscribe"; id: string | undefined }
  /** The message is refused: `message` says why. */
  | { type: "error"; message: string };

/**
 * Reads one text message of a client, as the live service takes them:
 * `{type:"subscribe"|"unsubscribe", event:"request.status.updated", filters:{id}}`. A subscription
 * needs a request id (0x and 64 hex digits); an unsubscription without one drops every id. Pure: the
 * caller follows, unfollows or answers the error.
 *
 * @param raw - The message's text.
 * @returns The subscription change, or the error to answer. {@link StreamMessage}
 * @example
 * parseStreamMessage('{"type":"unsubscribe","event":"request.status.updated"}') // { type: "unsubscribe", id: undefined }
 */
export function parseStreamMessage(raw: string): StreamMessage {
  let message: { type?: unknown; event?: unknown; filters?: { id?: unknown } | null };
  try {
    message = JSON.parse(raw);
  } catch {
    return { type: "error", message: "The message is not JSON." };
  }
  if (message === null || typeof message !== "object")
    return { type: "error", message: "The message is not an object." };
  const { type, event, filters } = message;
  if (type !== "subscribe" && type !== "unsubscribe")
    return { type: "error", message: 'type must be "subscribe" or "unsubscribe".' };
  if (event !== statusEvent) return { type: "error", message: `event must be "${statusEvent}".` };
  const id = filters?.id;
  if (type === "unsubscribe") return { type, id: typeof id === "string" ? id : undefined };
  if (typeof id !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(id))
    return { type: "error", message: "filters.id must be a request id: 0x and 64 hex digits." };
  return { type, id };
}
