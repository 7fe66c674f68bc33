import { DevnetApiError } from "../errors.js";

/** A 400 of the quote endpoints: the live error code and a message that says what to change. */
export function quoteBadRequest(errorCode: string, message: string): DevnetApiError {
  return new DevnetApiError({ status: 400, errorCode, message });
}
