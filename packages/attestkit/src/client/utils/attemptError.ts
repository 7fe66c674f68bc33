import { AbortError, NetworkError, RedirectError, TimeoutError } from "../errors/request.js";
import { redact } from "./redact.js";

export type AttemptErrorParameters = {
  /** What sending the request or reading its answer threw. */
  error: unknown;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
  /** Whether the attempt's own time limit aborted it. */
  timedOut: boolean;
  /** The request's method. */
  method: string;
  /** The URL being answered, as errors show it: without credentials or the key. */
  url: string;
  /** The attempt's limit, in ms. */
  timeoutMs: number;
  /** Attempts made so far, this one included. */
  attempts: number;
  /** The key, redacted from the cause's message. */
  apiKey: string | undefined;
};

export type AttemptErrorReturnType = RedirectError | AbortError | TimeoutError | NetworkError;

/**
 * The typed error of an attempt that got no answer to read, in this order: a `RedirectError` as it
 * is; the caller's abort as an `AbortError`; the attempt's limit as a `TimeoutError`; anything else
 * (a refused connection, a reset, a body cut off) as a `NetworkError`, whose cause keeps no copy of
 * the key.
 *
 * @param parameters - {@link AttemptErrorParameters}
 * @returns The error to throw. {@link AttemptErrorReturnType}
 * @example
 * throw attemptError({ error, signal, timedOut, method: "GET", url, timeoutMs: 10_000, attempts: 1, apiKey })
 */
export function attemptError({
  error,
  signal,
  timedOut,
  method,
  url,
  timeoutMs,
  attempts,
  apiKey,
}: AttemptErrorParameters): AttemptErrorReturnType {
  if (error instanceof RedirectError) return error;
  if (signal?.aborted) return new AbortError({ cause: signal.reason });
  if (timedOut) return new TimeoutError({ method, url, timeoutMs, attempts });
  return new NetworkError({ method, url, cause: redactError(error, apiKey), attempts });
}

/** A fetch error's message could quote the request; keep only a redacted copy. */
function redactError(error: unknown, apiKey: string | undefined): unknown {
  if (!apiKey || !(error instanceof Error)) return error;
  if (!error.message.includes(apiKey)) return error;
  const copy = new Error(redact({ value: error.message, secret: apiKey }));
  copy.name = error.name;
  return copy;
}
