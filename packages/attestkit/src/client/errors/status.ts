// Errors of following a request's status.
import { BaseError } from "../../errors/BaseError.js";

/**
 * The last status response a wait saw, as `WaitForStatusTimeoutError.lastStatus` keeps it: its
 * `status` and the rest of the answer as the service sent it (kept loose, so that the error does not
 * depend on the schemas).
 */
export type LastStatus = { status: string; [key: string]: unknown };

/** The short text of an error seen while polling. */
function describeLastError(lastError: unknown): string {
  return lastError instanceof BaseError
    ? lastError.shortMessage
    : lastError instanceof Error
      ? lastError.message
      : "";
}

/** The line an error adds when reads failed transiently during the wait. */
function transientLine(transientFailures: number): string[] {
  return transientFailures > 0
    ? [`Transient read failures waited out: ${transientFailures} (5xx, 429, network, malformed answers, 404)`]
    : [];
}

/**
 * The request ended without its fill: a final `refund`, `refunded` or `failure` status. The one
 * error the library raises for it, wherever it is seen: a step's check (`executeSteps`, as its
 * subclass `StepCheckFailedError`, which also names the step) or the status follow
 * (`waitForStatus` with `throwOnFailure`). Its `failReason` and `refundFailReason` are the
 * service's codes (`failReasons` of `attestkit/schemas` says each in words).
 */
export class RequestFailedError extends BaseError {
  readonly requestId: string | undefined;
  /** The final status: `refund`, `refunded` or `failure` (`fallback` too, from a step's check). */
  readonly status: string;
  readonly failReason: string | undefined;
  readonly refundFailReason: string | undefined;
  /** The status response that ended it, as the service sent it. */
  readonly statusResponse: unknown;
  constructor(
    {
      requestId,
      status,
      statusResponse,
      message,
    }: {
      requestId?: string | undefined;
      status: string;
      statusResponse: unknown;
      message?: string | undefined;
    },
    name = "RequestFailedError",
  ) {
    const said = (statusResponse ?? {}) as { failReason?: unknown; refundFailReason?: unknown };
    const reason = (value: unknown) => (typeof value === "string" && value !== "N/A" ? value : undefined);
    const failReason = reason(said.failReason);
    const refundFailReason = reason(said.refundFailReason);
    super(message ?? `Request ${requestId ?? "(unknown id)"} ended with status "${status}".`, {
      name,
      metaMessages: [
        ...(failReason ? [`Fail reason: ${failReason}`] : []),
        ...(refundFailReason ? [`Refund fail reason: ${refundFailReason}`] : []),
      ],
    });
    this.requestId = requestId;
    this.status = status;
    this.failReason = failReason;
    this.refundFailReason = refundFailReason;
    this.statusResponse = statusResponse;
  }
}

/** {@link RequestFailedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type RequestFailedErrorType = RequestFailedError & { name: "RequestFailedError" };

/** `waitForStatus` ran out of time before the request reached a final status. */
export class WaitForStatusTimeoutError extends BaseError {
  readonly requestId: string;
  readonly timeoutMs: number;
  /** The last status response seen, or undefined if none arrived. */
  readonly lastStatus: LastStatus | undefined;
  /** The last error seen while polling, if the last poll failed. */
  readonly lastError: unknown;
  /** Polls that failed transiently (and were retried) during the wait. */
  readonly transientFailures: number;
  constructor({
    requestId,
    timeoutMs,
    lastStatus,
    lastError,
    transientFailures = 0,
  }: {
    requestId: string;
    timeoutMs: number;
    lastStatus: LastStatus | undefined;
    lastError?: unknown;
    transientFailures?: number | undefined;
  }) {
    super(`Request ${requestId} did not reach a final status within ${timeoutMs} ms.`, {
      name: "WaitForStatusTimeoutError",
      metaMessages: [
        `Last status: ${lastStatus?.status ?? "none received"}`,
        ...transientLine(transientFailures),
        "Bitcoin deposits need block confirmations (about 10 minutes each): raise `timeoutMs` for them.",
      ],
      details: describeLastError(lastError),
    });
    this.requestId = requestId;
    this.timeoutMs = timeoutMs;
    this.lastStatus = lastStatus;
    this.lastError = lastError;
    this.transientFailures = transientFailures;
  }
}

/** {@link WaitForStatusTimeoutError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type WaitForStatusTimeoutErrorType = WaitForStatusTimeoutError & { name: "WaitForStatusTimeoutError" };

/**
 * The service answered 404 for a request's status for the whole not-found window: it does not know
 * the request (a wrong id, another network or environment, a deposit never indexed).
 */
export class RequestNotFoundError extends BaseError {
  readonly requestId: string;
  /** The path that answered 404 (the status endpoint or a step's check endpoint). */
  readonly endpoint: string;
  /** How long it answered 404, in ms. */
  readonly windowMs: number;
  /** Reads made during the wait. */
  readonly reads: number;
  constructor({
    requestId,
    endpoint,
    windowMs,
    reads,
  }: { requestId: string; endpoint: string; windowMs: number; reads: number }) {
    super(`Request ${requestId} is unknown to the service: ${endpoint} answered 404 for ${windowMs} ms.`, {
      name: "RequestNotFoundError",
      metaMessages: [
        `Reads: ${reads}`,
        "Check the request id and that the client points at the network (mainnet, testnet) the quote came from.",
        "A deposit the service has not indexed yet can be reported with `indexTransaction`; raise `notFoundWindowMs` to wait longer.",
      ],
    });
    this.requestId = requestId;
    this.endpoint = endpoint;
    this.windowMs = windowMs;
    this.reads = reads;
  }
}

/** {@link RequestNotFoundError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type RequestNotFoundErrorType = RequestNotFoundError & { name: "RequestNotFoundError" };

/** The service answered a status value this client does not know: the wait cannot tell what it means. */
export class UnknownStatusError extends BaseError {
  readonly requestId: string;
  /** The status as received. */
  readonly status: string;
  /** The whole answer. */
  readonly statusResponse: unknown;
  constructor({
    requestId,
    status,
    statusResponse,
    knownStatuses,
  }: { requestId: string; status: string; statusResponse: unknown; knownStatuses: readonly string[] }) {
    super(
      `Request ${requestId} has status ${JSON.stringify(status).slice(0, 80)}, which this client does not know.`,
      {
        name: "UnknownStatusError",
        metaMessages: [
          `Known statuses: ${knownStatuses.join(", ")}`,
          "A newer attestkit may know it; until then the request's outcome must be checked by hand.",
        ],
      },
    );
    this.requestId = requestId;
    this.status = status;
    this.statusResponse = statusResponse;
  }
}

/** {@link UnknownStatusError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type UnknownStatusErrorType = UnknownStatusError & { name: "UnknownStatusError" };
