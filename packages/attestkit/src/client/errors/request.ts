// Errors of one request to the service: the HTTP answer, the transport, the caller's abort.
import * as z from "zod";
import { BaseError } from "../../errors/BaseError.js";
import { showValue } from "../../errors/showValue.js";
import { responseSchemas } from "../../schemas/responses.js";

export type ApiErrorParameters = {
  /** HTTP status of the response (never taken from the body). */
  status: number;
  /** HTTP method of the request. */
  method: string;
  /** URL of the request, with any credential stripped. */
  url: string;
  /** The response body: parsed JSON, or the raw text when it is not JSON. */
  body: unknown;
  /** Response headers, lower-cased names. */
  headers: Record<string, string>;
  /** Wait the service asked for (`Retry-After`), in milliseconds. */
  retryAfterMs?: number | undefined;
  /** Attempts made, this one included. Default 1. */
  attempts?: number | undefined;
  /** True when the body was longer than the client keeps and was cut (`body` is then the text kept). */
  bodyTruncated?: boolean | undefined;
};

/** How much of an error response's body the client reads and keeps: 64 KiB; the rest is not read. */
export const maxErrorBodyBytes = 65_536;

/** The line an error adds when more than one attempt was made. */
function attemptsLine(attempts: number): string[] {
  return attempts > 1
    ? [`Attempts: ${attempts} (${attempts - 1} ${attempts === 2 ? "retry" : "retries"})`]
    : [];
}

/**
 * The error body as `responseSchemas.error` defines it, each field read on its own: a field of the
 * wrong type is dropped, not the whole body (an error must still say what it can).
 */
const errorBodySchema = z.object({
  message: responseSchemas.error.shape.message.optional().catch(undefined),
  errorCode: responseSchemas.error.shape.errorCode.catch(undefined),
  code: responseSchemas.error.shape.code.catch(undefined),
  requestId: responseSchemas.error.shape.requestId.catch(undefined),
});

/** Reads `errorCode` or `code` (only a string is a code), `message` and `requestId` of an error body. */
function readErrorBody(body: unknown): { code?: string; message?: string; requestId?: string } {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const { message, errorCode, code, requestId } = errorBodySchema.parse(body);
  const readCode = typeof errorCode === "string" ? errorCode : typeof code === "string" ? code : undefined;
  return {
    ...(readCode !== undefined ? { code: readCode } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(typeof requestId === "string" ? { requestId } : {}),
  };
}

/**
 * The service answered with a non-2xx status. `status` is the real HTTP status; `code` comes from
 * the body's `errorCode` (quote, price) or `code` (signature endpoint).
 */
export class ApiError extends BaseError {
  /** HTTP status of the response. */
  readonly status: number;
  /** The service's error code (`errorCode` or `code` of the body), if any. */
  readonly code: string | undefined;
  /** The service's request id for this failure (500s carry one), if any. */
  readonly requestId: string | undefined;
  /** The message of the body, or the HTTP status text when the body has none. */
  readonly serviceMessage: string;
  readonly method: string;
  /** URL without credentials. */
  readonly url: string;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  /** `Retry-After` in milliseconds, when the service sent one. */
  readonly retryAfterMs: number | undefined;
  /** Attempts made before giving up, this one included. */
  readonly attempts: number;
  /** True when the body was cut at {@link maxErrorBodyBytes}: `body` holds the text kept. */
  readonly bodyTruncated: boolean;

  constructor(parameters: ApiErrorParameters, name = "ApiError") {
    const {
      status,
      method,
      url,
      body,
      headers,
      retryAfterMs,
      attempts = 1,
      bodyTruncated = false,
    } = parameters;
    const read = readErrorBody(body);
    const serviceMessage =
      read.message ??
      (typeof body === "string" && body.trim()
        ? showValue(body.trim(), 120, { bare: true })
        : `HTTP ${status}`);
    super(`The service answered HTTP ${status}${read.code ? ` ${read.code}` : ""}: ${serviceMessage}`, {
      name,
      metaMessages: [
        `Request: ${method} ${url}`,
        ...(read.requestId ? [`Service request id: ${read.requestId}`] : []),
        ...(retryAfterMs !== undefined ? [`Retry after: ${retryAfterMs} ms`] : []),
        ...attemptsLine(attempts),
        ...(bodyTruncated
          ? [`The body was longer than ${maxErrorBodyBytes} bytes: cut there, the rest was not read.`]
          : []),
      ],
      details: body === undefined ? "" : showValue(body, 200, { bare: true }),
    });
    this.status = status;
    this.code = read.code;
    this.requestId = read.requestId;
    this.serviceMessage = serviceMessage;
    this.method = method;
    this.url = url;
    this.body = body;
    this.headers = headers;
    this.retryAfterMs = retryAfterMs;
    this.attempts = attempts;
    this.bodyTruncated = bodyTruncated;
  }
}

/** {@link ApiError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type ApiErrorType = ApiError & { name: "ApiError" };

/** The service answered 429: too many requests. `retryAfterMs` is set when it said how long to wait. */
export class RateLimitError extends ApiError {
  constructor(parameters: Omit<ApiErrorParameters, "status">) {
    super({ ...parameters, status: 429 }, "RateLimitError");
  }
}

/** {@link RateLimitError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type RateLimitErrorType = RateLimitError & { name: "RateLimitError" };

/**
 * One attempt took longer than the client's `timeoutMs`. The request may have reached the service:
 * a non-idempotent call (`POST /quote/v2`) is not re-sent after it unless the caller opts in.
 */
export class TimeoutError extends BaseError {
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;
  /** Attempts made before giving up, this one included. */
  readonly attempts: number;
  constructor({
    method,
    url,
    timeoutMs,
    attempts = 1,
  }: { method: string; url: string; timeoutMs: number; attempts?: number | undefined }) {
    super(`The request timed out after ${timeoutMs} ms.`, {
      name: "TimeoutError",
      metaMessages: [
        `Request: ${method} ${url}`,
        ...attemptsLine(attempts),
        "Raise `timeoutMs` in createClient if the service is slow.",
      ],
    });
    this.method = method;
    this.url = url;
    this.timeoutMs = timeoutMs;
    this.attempts = attempts;
  }
}

/** {@link TimeoutError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type TimeoutErrorType = TimeoutError & { name: "TimeoutError" };

/** Failure codes of a connection that was never made: the request was not sent. */
const notSentCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Reads the system error code of a fetch failure from its cause chain (and an AggregateError's errors). */
function failureCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== "object" || depth > 5) return [];
  const codes: string[] = [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") codes.push(code);
  if (Array.isArray(errors)) for (const inner of errors) codes.push(...failureCodes(inner, depth + 1));
  return [...codes, ...failureCodes(cause, depth + 1)];
}

/** The request did not reach the service or no response came back (DNS, refused, reset). */
export class NetworkError extends BaseError {
  readonly method: string;
  readonly url: string;
  /**
   * False when no connection was made (refused, unknown host): the service never saw the request.
   * True otherwise (a reset, a connection closed before the answer): it may have acted on it.
   */
  readonly requestSent: boolean;
  /** Attempts made before giving up, this one included. */
  readonly attempts: number;
  constructor({
    method,
    url,
    cause,
    attempts = 1,
  }: { method: string; url: string; cause: unknown; attempts?: number | undefined }) {
    const codes = failureCodes(cause);
    const requestSent = !(codes.length > 0 && codes.every((code) => notSentCodes.has(code)));
    super("The request failed before a response arrived.", {
      name: "NetworkError",
      metaMessages: [
        `Request: ${method} ${url}`,
        ...(requestSent ? [] : ["No connection was made: the service did not receive the request."]),
        ...attemptsLine(attempts),
      ],
      cause,
    });
    this.method = method;
    this.url = url;
    this.requestSent = requestSent;
    this.attempts = attempts;
  }
}

/** {@link NetworkError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type NetworkErrorType = NetworkError & { name: "NetworkError" };

/** A 2xx response whose body is not JSON. */
export class InvalidJsonError extends BaseError {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The start of the body as received. */
  readonly text: string;
  /** Attempts made, this one included. */
  readonly attempts: number;
  constructor({
    method,
    url,
    status,
    text,
    cause,
    attempts = 1,
  }: {
    method: string;
    url: string;
    status: number;
    text: string;
    cause?: unknown;
    attempts?: number | undefined;
  }) {
    super(`The service answered HTTP ${status} with a body that is not JSON.`, {
      name: "InvalidJsonError",
      metaMessages: [
        `Request: ${method} ${url}`,
        `Body: ${showValue(text, 120, { bare: true })}`,
        ...attemptsLine(attempts),
      ],
      details: cause instanceof Error ? cause.message : "",
    });
    this.method = method;
    this.url = url;
    this.status = status;
    this.text = text.slice(0, 1000);
    this.attempts = attempts;
  }
}

/** {@link InvalidJsonError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidJsonErrorType = InvalidJsonError & { name: "InvalidJsonError" };

/** Why a redirect was not followed: see {@link RedirectError}. */
export type RedirectErrorReason = "method" | "too-many" | "no-location";

/**
 * The service answered with a redirect (301, 302, 303, 307, 308) the client does not follow:
 * - `method`: the request is not a GET. Its body (a quote, a signature) is never re-sent, nor turned
 *   into a GET, on the service's say-so.
 * - `too-many`: more than `maxRedirects` hops (a loop, or a chain no real deployment needs).
 * - `no-location`: no target can be read (no `Location`, one that is not an http(s) URL, or a browser's
 *   opaque redirect under `redirect: "manual"`).
 *
 * GET redirects within the limit are followed; the API key goes only to the service's own origin.
 */
export class RedirectError extends BaseError {
  readonly reason: RedirectErrorReason;
  /** HTTP status of the redirect (0 for a browser's opaque redirect). */
  readonly status: number;
  readonly method: string;
  /** URL that answered with the redirect, without credentials. */
  readonly url: string;
  /** The redirect's target, without credentials (user info, key-like query parameters, the key). */
  readonly location: string | undefined;
  /** Redirects followed before this one. */
  readonly hops: number;
  constructor({
    reason,
    status,
    method,
    url,
    location,
    hops,
  }: {
    reason: RedirectErrorReason;
    status: number;
    method: string;
    url: string;
    location: string | undefined;
    hops: number;
  }) {
    const target = location ?? "an unreadable location";
    super(
      reason === "method"
        ? `The service answered HTTP ${status}, a redirect to ${target}: a ${method} is not re-sent there.`
        : reason === "too-many"
          ? `The service redirected ${hops} times and then again (HTTP ${status} to ${target}): given up.`
          : `The service answered HTTP ${status}, a redirect to ${target}: not followed.`,
      {
        name: "RedirectError",
        metaMessages: [
          `Request: ${method} ${url}`,
          ...(hops > 0 ? [`Redirects followed before: ${hops}`] : []),
          reason === "method"
            ? "Point the client's baseUrl at the address the service moved to, then send it again."
            : reason === "too-many"
              ? "A redirect loop: check the client's baseUrl and any proxy in front of the service."
              : "Point the client's baseUrl at the address the service moved to.",
        ],
        details: "",
      },
    );
    this.reason = reason;
    this.status = status;
    this.method = method;
    this.url = url;
    this.location = location;
    this.hops = hops;
  }
}

/** {@link RedirectError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type RedirectErrorType = RedirectError & { name: "RedirectError" };

/** The caller's signal aborted the operation. `cause` is the signal's reason. */
export class AbortError extends BaseError {
  constructor({ cause }: { cause?: unknown } = {}) {
    super("The operation was aborted.", { name: "AbortError", cause, details: "" });
  }
}

/** {@link AbortError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type AbortErrorType = AbortError & { name: "AbortError" };

export type ClientErrorType =
  | ApiErrorType
  | RateLimitErrorType
  | TimeoutErrorType
  | NetworkErrorType
  | InvalidJsonErrorType
  | RedirectErrorType
  | AbortErrorType;
