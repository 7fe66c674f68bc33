// Errors of following a request's status.
import { BaseError } from "../../errors/BaseError.js";

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
