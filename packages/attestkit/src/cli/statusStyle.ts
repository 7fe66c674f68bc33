import type { TextStyle } from "./styledText.js";

/**
 * The style of a request status: success is good, refund and fallback a warning, failure bad; the
 * statuses on the way (waiting, pending, submitted, ...) and any other value have none.
 *
 * @param status - The status as the service gave it.
 * @returns Its style, or undefined.
 */
export function statusStyle(status: unknown): TextStyle | undefined {
  if (status === "success") return "good";
  if (status === "refund" || status === "fallback") return "warn";
  if (status === "failure") return "bad";
  return undefined;
}
