import { BaseError } from "../errors/BaseError.js";

/** Shortens a value for an error line. */
function show(value: unknown, max = 200): string {
  let text: string;
  if (typeof value === "string") text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

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
};

/** Reads `errorCode` or `code`, `message` and `requestId` from an error body of either shape. */
function readErrorBody(body: unknown): { code?: string; message?: string; requestId?: string } {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const code =
    typeof record.errorCode === "string"
      ? record.errorCode
      : typeof record.code === "string"
        ? record.code
        : undefined;
  const message = typeof record.message === "string" ? record.message : undefined;
  const requestId = typeof record.requestId === "string" ? record.requestId : undefined;
  return {
    ...(code !== undefined ? { code } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
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

  constructor(parameters: ApiErrorParameters, name = "ApiError") {
    const { status, method, url, body, headers, retryAfterMs } = parameters;
    const read = readErrorBody(body);
    const serviceMessage =
      read.message ?? (typeof body === "string" && body.trim() ? show(body.trim(), 120) : `HTTP ${status}`);
    super(`The service answered HTTP ${status}${read.code ? ` ${read.code}` : ""}: ${serviceMessage}`, {
      name,
      metaMessages: [
        `Request: ${method} ${url}`,
        ...(read.requestId ? [`Service request id: ${read.requestId}`] : []),
        ...(retryAfterMs !== undefined ? [`Retry after: ${retryAfterMs} ms`] : []),
      ],
      details: typeof body === "string" ? show(body) : body === undefined ? "" : show(body),
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
  }
}

/** The service answered 429: too many requests. `retryAfterMs` is set when it said how long to wait. */
export class RateLimitError extends ApiError {
  constructor(parameters: Omit<ApiErrorParameters, "status">) {
    super({ ...parameters, status: 429 }, "RateLimitError");
  }
}

/** One attempt took longer than the client's `timeoutMs`. */
export class TimeoutError extends BaseError {
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;
  constructor({ method, url, timeoutMs }: { method: string; url: string; timeoutMs: number }) {
    super(`The request timed out after ${timeoutMs} ms.`, {
      name: "TimeoutError",
      metaMessages: [
        `Request: ${method} ${url}`,
        "Raise `timeoutMs` in createClient if the service is slow.",
      ],
    });
    this.method = method;
    this.url = url;
    this.timeoutMs = timeoutMs;
  }
}

/** The request did not reach the service or no response came back (DNS, refused, reset). */
export class NetworkError extends BaseError {
  readonly method: string;
  readonly url: string;
  constructor({ method, url, cause }: { method: string; url: string; cause: unknown }) {
    super("The request failed before a response arrived.", {
      name: "NetworkError",
      metaMessages: [`Request: ${method} ${url}`],
      cause,
    });
    this.method = method;
    this.url = url;
  }
}

/** A 2xx response whose body is not JSON. */
export class InvalidJsonError extends BaseError {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The start of the body as received. */
  readonly text: string;
  constructor({
    method,
    url,
    status,
    text,
    cause,
  }: { method: string; url: string; status: number; text: string; cause?: unknown }) {
    super(`The service answered HTTP ${status} with a body that is not JSON.`, {
      name: "InvalidJsonError",
      metaMessages: [`Request: ${method} ${url}`, `Body: ${show(text, 120)}`],
      details: cause instanceof Error ? cause.message : "",
    });
    this.method = method;
    this.url = url;
    this.status = status;
    this.text = text.slice(0, 1000);
  }
}

/** The caller's signal aborted the operation. `cause` is the signal's reason. */
export class AbortError extends BaseError {
  constructor({ cause }: { cause?: unknown } = {}) {
    super("The operation was aborted.", { name: "AbortError", cause, details: "" });
  }
}

/** Status shape the waiter remembers; kept loose so the error does not depend on the schemas. */
type LastStatus = { status: string; [key: string]: unknown };

/** `waitForStatus` ran out of time before the request reached a final status. */
export class WaitForStatusTimeoutError extends BaseError {
  readonly requestId: string;
  readonly timeoutMs: number;
  /** The last status response seen, or undefined if none arrived. */
  readonly lastStatus: LastStatus | undefined;
  /** The last error seen while polling, if the last poll failed. */
  readonly lastError: unknown;
  constructor({
    requestId,
    timeoutMs,
    lastStatus,
    lastError,
  }: { requestId: string; timeoutMs: number; lastStatus: LastStatus | undefined; lastError?: unknown }) {
    super(`Request ${requestId} did not reach a final status within ${timeoutMs} ms.`, {
      name: "WaitForStatusTimeoutError",
      metaMessages: [
        `Last status: ${lastStatus?.status ?? "none received"}`,
        "Bitcoin deposits need block confirmations (about 10 minutes each): raise `timeoutMs` for them.",
      ],
      details:
        lastError instanceof BaseError
          ? lastError.shortMessage
          : lastError instanceof Error
            ? lastError.message
            : "",
    });
    this.requestId = requestId;
    this.timeoutMs = timeoutMs;
    this.lastStatus = lastStatus;
    this.lastError = lastError;
  }
}

/** A step item needs a caller-supplied handler (`signPsbt`, `submitExchangeTransfer`) that was not given. */
export class MissingStepHandlerError extends BaseError {
  readonly handler: "signPsbt" | "submitExchangeTransfer";
  readonly stepId: string;
  constructor({ handler, stepId }: { handler: "signPsbt" | "submitExchangeTransfer"; stepId: string }) {
    super(`Step "${stepId}" needs the handler "${handler}", which was not given.`, {
      name: "MissingStepHandlerError",
      metaMessages: [
        handler === "signPsbt"
          ? "Bitcoin steps carry a PSBT: pass handlers.signPsbt to sign and broadcast it with a Bitcoin wallet."
          : "External-exchange steps carry a transfer: pass handlers.submitExchangeTransfer to submit it with the exchange's API key.",
      ],
    });
    this.handler = handler;
    this.stepId = stepId;
  }
}

/** A step item has a shape the executor does not know how to run. */
export class InvalidStepItemError extends BaseError {
  readonly stepId: string;
  readonly itemIndex: number;
  constructor({ stepId, itemIndex, reason }: { stepId: string; itemIndex: number; reason: string }) {
    super(`Step "${stepId}" item ${itemIndex} cannot be executed: ${reason}.`, {
      name: "InvalidStepItemError",
    });
    this.stepId = stepId;
    this.itemIndex = itemIndex;
  }
}

/** The wallet is on another chain than the step item and could not be switched. */
export class ChainMismatchError extends BaseError {
  readonly expectedChainId: number;
  readonly walletChainId: number;
  constructor({
    expectedChainId,
    walletChainId,
    cause,
  }: { expectedChainId: number; walletChainId: number; cause?: unknown }) {
    super(`The wallet is on chain ${walletChainId}, the step needs chain ${expectedChainId}.`, {
      name: "ChainMismatchError",
      metaMessages: [
        "Switch the wallet to the step's chain, or pass a wallet that supports wallet_switchEthereumChain.",
      ],
      cause,
    });
    this.expectedChainId = expectedChainId;
    this.walletChainId = walletChainId;
  }
}

/** The step item is meant for another sender than the wallet's account. */
export class AccountMismatchError extends BaseError {
  readonly expected: string;
  readonly actual: string;
  constructor({ expected, actual }: { expected: string; actual: string }) {
    super(`The step must be sent from ${expected}, the wallet's account is ${actual}.`, {
      name: "AccountMismatchError",
      metaMessages: [
        "Quote with `user` set to the wallet's address, or use the wallet the quote was made for.",
      ],
    });
    this.expected = expected;
    this.actual = actual;
  }
}

/** A step transaction was mined but reverted. */
export class TransactionRevertedError extends BaseError {
  readonly hash: string;
  readonly chainId: number;
  readonly stepId: string;
  constructor({ hash, chainId, stepId }: { hash: string; chainId: number; stepId: string }) {
    super(`The transaction of step "${stepId}" reverted on chain ${chainId}.`, {
      name: "TransactionRevertedError",
      metaMessages: [`Transaction: ${hash}`],
    });
    this.hash = hash;
    this.chainId = chainId;
    this.stepId = stepId;
  }
}

/** The check endpoint of a step item reported a status that ends the request without the item completing. */
export class StepCheckFailedError extends BaseError {
  readonly stepId: string;
  readonly status: string;
  readonly statusResponse: unknown;
  constructor({
    stepId,
    status,
    statusResponse,
  }: { stepId: string; status: string; statusResponse: unknown }) {
    const reason =
      statusResponse && typeof statusResponse === "object" && "failReason" in statusResponse
        ? String((statusResponse as { failReason: unknown }).failReason)
        : undefined;
    super(`Step "${stepId}" ended with status "${status}".`, {
      name: "StepCheckFailedError",
      metaMessages: reason && reason !== "N/A" ? [`Fail reason: ${reason}`] : [],
    });
    this.stepId = stepId;
    this.status = status;
    this.statusResponse = statusResponse;
  }
}

/** The check endpoint of a step item did not report completion in time. */
export class StepCheckTimeoutError extends BaseError {
  readonly stepId: string;
  readonly lastStatus: string | undefined;
  constructor({
    stepId,
    timeoutMs,
    lastStatus,
  }: { stepId: string; timeoutMs: number; lastStatus: string | undefined }) {
    super(`Step "${stepId}" was not confirmed by its check endpoint within ${timeoutMs} ms.`, {
      name: "StepCheckTimeoutError",
      metaMessages: [`Last status: ${lastStatus ?? "none received"}`],
    });
    this.stepId = stepId;
    this.lastStatus = lastStatus;
  }
}

export type ClientErrorType =
  | ApiError
  | RateLimitError
  | TimeoutError
  | NetworkError
  | InvalidJsonError
  | AbortError;

/** `createClient` was given a configuration it cannot use. */
export class InvalidClientConfigError extends BaseError {
  readonly field: string;
  constructor({ field, reason }: { field: string; reason: string }) {
    super(`Client option "${field}" is invalid: ${reason}.`, {
      name: "InvalidClientConfigError",
      metaMessages: ["network is 'mainnet', 'testnet' or { baseUrl: 'http(s)://...' }."],
    });
    this.field = field;
  }
}
