import { DevnetApiError } from "../errors.js";

/**
 * The 404 `REQUEST_NOT_FOUND` of a request id the devnet does not know, in the error style of the
 * endpoint: `{message, errorCode}` (the execute and transaction endpoints) or `{message, code}`
 * (status, signature, inspection). One place for the answer, so that every endpoint words it alike.
 *
 * @param requestId - The id asked for.
 * @param style - The endpoint's error body: `errorCode` or `code`.
 * @returns The error to throw.
 * @example
 * if (!request) throw requestNotFound(requestId, "errorCode")
 */
export function requestNotFound(requestId: string, style: "errorCode" | "code"): DevnetApiError {
  const code = "REQUEST_NOT_FOUND";
  return new DevnetApiError({
    status: 404,
    message: `Request ${requestId} not found.`,
    ...(style === "code" ? { code } : { errorCode: code }),
  });
}
