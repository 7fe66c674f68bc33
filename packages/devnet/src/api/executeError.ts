import { DevnetApiError } from "../errors.js";
import { withExecuteFields } from "./withExecuteFields.js";

export type ExecuteErrorParameters = {
  status: 400 | 401 | 404 | 500;
  /** The code, as every devnet error carries it (`errorCode`). */
  errorCode: string;
  message: string;
  /** The live `error` field; default the code. */
  error?: string | undefined;
  /** The request the failure is about, when there is one. */
  requestId?: string | undefined;
};

/**
 * An error of `POST /execute` in both shapes at once: the devnet's `{message, errorCode}` (the shared
 * error schema) and the official SDK's API types for this endpoint, whose bodies carry `error` (401
 * `{error: "Unauthorized"}`, 400 `{error: "to is required"}`, a simulation failure `{error, message,
 * requestId}`); the SDK's `gaslessBatch` reads `error` first.
 *
 * @param parameters - {@link ExecuteErrorParameters}
 * @returns The error to throw.
 * @example
 * throw executeError({ status: 401, errorCode: "UNAUTHORIZED", error: "Unauthorized", message })
 */
export function executeError({
  status,
  errorCode,
  message,
  error = errorCode,
  requestId,
}: ExecuteErrorParameters): DevnetApiError {
  return withExecuteFields(new DevnetApiError({ status, errorCode, message }), error, requestId);
}
