import { DevnetApiError } from "../errors.js";

/**
 * The 400 answer of `POST /execute/permits`: `{message, errorCode}`, the error body of the execute
 * API (`INVALID_REQUEST` for the body, `PERMIT_FAILED` for the authorization and its submission).
 *
 * @param errorCode - `INVALID_REQUEST` or `PERMIT_FAILED`.
 * @param message - What was refused and why, in one sentence.
 * @returns The error, to throw.
 * @example
 * throw permitFailed("PERMIT_FAILED", "The token refused the authorization.")
 */
export function permitFailed(errorCode: string, message: string): DevnetApiError {
  return new DevnetApiError({ status: 400, errorCode, message });
}
