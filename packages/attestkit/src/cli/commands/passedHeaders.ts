import type { IncomingMessage } from "node:http";

/** Headers that belong to one hop or are set again when forwarding. */
const droppedHeaders = new Set([
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "upgrade",
  "expect",
  "te",
  "trailer",
  "proxy-connection",
  "x-signature-timestamp",
  "x-signature-sha256",
  "x-event-id",
  "x-event-attempt",
]);

/**
 * The delivery's headers to pass on: everything but the hop's own, the signature and the event id
 * (set again from what was verified), and none that would pose as listen's own verdict.
 *
 * @param request - The delivery.
 * @returns The headers, repeated values joined.
 * @example
 * const headers = { ...passedHeaders(request), "content-type": "application/json" }
 */
export function passedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!droppedHeaders.has(name) && !name.startsWith("x-attestkit-") && value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}
