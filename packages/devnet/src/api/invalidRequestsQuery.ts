import { DevnetApiError } from "../errors.js";

/**
 * The 400 `INVALID_REQUEST` answer of `GET /requests/v3` for a parameter the schema let through but
 * the listing cannot use (`filters` that do not parse, a `continuation` it did not hand out).
 *
 * @param message - What is wrong and what to do, in one sentence.
 * @returns The error, to throw.
 * @example
 * throw invalidRequestsQuery("filters: must be a JSON array of filter groups.")
 */
export function invalidRequestsQuery(message: string): DevnetApiError {
  return new DevnetApiError({ status: 400, errorCode: "INVALID_REQUEST", message });
}
