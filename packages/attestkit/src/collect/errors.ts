import { BaseError } from "../errors/BaseError.js";

/** An option of `collectAttestations` or `createRequestPacer` has a value it does not accept. */
export class InvalidCollectOptionError extends BaseError {
  /** The option's name (`ratePerSecond`, `concurrency`, ...). */
  readonly option: string;
  /** The value given. */
  readonly value: unknown;
  constructor({ option, value, expected }: { option: string; value: unknown; expected: string }) {
    super(`Option "${option}" is ${String(value)}; expected ${expected}.`, {
      name: "InvalidCollectOptionError",
    });
    this.option = option;
    this.value = value;
  }
}

/** {@link InvalidCollectOptionError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidCollectOptionErrorType = InvalidCollectOptionError & { name: "InvalidCollectOptionError" };

/**
 * One request of a collection kept failing with errors worth another attempt (429, 502, 503, 504,
 * a dropped connection, a timeout) until its attempts ran out. The last failure is the `cause`.
 */
export class CollectAttemptsExhaustedError extends BaseError {
  /** The request that failed: `GET /requests/v3` (a page) or `GET /requests/{id}/signature`. */
  readonly request: string;
  /** Attempts made, the last included. */
  readonly attempts: number;
  constructor({ request, attempts, cause }: { request: string; attempts: number; cause: unknown }) {
    super(`Gave up on ${request} after ${attempts} attempts.`, {
      name: "CollectAttemptsExhaustedError",
      cause,
      metaMessages: [
        "Every attempt failed with an error worth retrying (429, 502, 503, 504, a dropped connection, a timeout).",
        "What was collected is kept: run the collection again later to go on (raise maxAttempts, or lower the rate).",
      ],
    });
    this.request = request;
    this.attempts = attempts;
  }
}

/** {@link CollectAttemptsExhaustedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type CollectAttemptsExhaustedErrorType = CollectAttemptsExhaustedError & {
  name: "CollectAttemptsExhaustedError";
};

/** The service answered 429 with a `Retry-After` longer than the collection is allowed to wait. */
export class CollectRetryAfterTooLongError extends BaseError {
  /** The wait the service asked for, in ms. */
  readonly retryAfterMs: number;
  /** The longest wait allowed (`maxRetryAfterMs`), in ms. */
  readonly maxRetryAfterMs: number;
  constructor({
    request,
    retryAfterMs,
    maxRetryAfterMs,
    cause,
  }: { request: string; retryAfterMs: number; maxRetryAfterMs: number; cause: unknown }) {
    super(
      `The service asked to wait ${Math.ceil(retryAfterMs / 1000)} s (Retry-After) before ${request}; at most ${Math.ceil(maxRetryAfterMs / 1000)} s is waited.`,
      {
        name: "CollectRetryAfterTooLongError",
        cause,
        metaMessages: [
          "What was collected is kept: run the collection again once that time has passed (raise maxRetryAfterMs to wait instead).",
        ],
      },
    );
    this.retryAfterMs = retryAfterMs;
    this.maxRetryAfterMs = maxRetryAfterMs;
  }
}

/** {@link CollectRetryAfterTooLongError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type CollectRetryAfterTooLongErrorType = CollectRetryAfterTooLongError & {
  name: "CollectRetryAfterTooLongError";
};

/** The listing handed back the `continuation` it was just given: following it would never end. */
export class CollectListingLoopError extends BaseError {
  /** The continuation that came back unchanged. */
  readonly continuation: string;
  constructor({ continuation }: { continuation: string }) {
    super("The request listing answered with the continuation it was asked for: its pages would never end.", {
      name: "CollectListingLoopError",
      metaMessages: ["The service's paging is broken; report it with the filters used."],
    });
    this.continuation = continuation;
  }
}

/** {@link CollectListingLoopError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type CollectListingLoopErrorType = CollectListingLoopError & { name: "CollectListingLoopError" };
