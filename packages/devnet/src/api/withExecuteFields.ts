import type { DevnetApiError } from "../errors.js";

/**
 * Adds the live `error` field (and the request id) to a devnet error's body.
 *
 * @param devnetError - An error thrown by a shared check (a schema's 400, a request not found).
 * @param error - The live `error` text.
 * @param requestId - The request the failure is about, if any.
 * @returns The same error.
 * @example
 * throw withExecuteFields(requestNotFound(requestId, "errorCode"), "REQUEST_NOT_FOUND")
 */
export function withExecuteFields(
  devnetError: DevnetApiError,
  error: string,
  requestId?: string | undefined,
): DevnetApiError {
  Object.assign(devnetError.body, { error, ...(requestId === undefined ? {} : { requestId }) });
  return devnetError;
}
