/**
 * The error of a failed webhook attempt as `fetch` threw it, for debugging: its name and message,
 * and its cause's (where `fetch failed` keeps the system error: `Error ECONNREFUSED: connect
 * ECONNREFUSED 127.0.0.1:4000`). The outbox keeps it as `lastError` beside the words of
 * `describeDeliveryFailure`.
 *
 * @param error - What the attempt threw.
 * @returns One line.
 * @example
 * rawDeliveryError(error) // "TypeError: fetch failed (cause: Error ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:4000)"
 */
export function rawDeliveryError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { name?: unknown; code?: unknown; message?: unknown } | undefined;
  if (cause === undefined || cause === null) return `${error.name}: ${error.message}`;
  const code = typeof cause.code === "string" ? ` ${cause.code}` : "";
  const name = typeof cause.name === "string" ? cause.name : "cause";
  return `${error.name}: ${error.message} (cause: ${name}${code}: ${String(cause.message ?? cause)})`;
}
