import { DevnetApiError } from "../errors.js";

/**
 * Allows a referrer filter of `GET /requests/v3` only with the `apiKey` parameter naming the
 * caller's own key and no other, as the live service does: a referrer is guessable, so it must not
 * reveal other integrators' requests.
 *
 * @param apiKeys - The `apiKey` parameter: comma-separated API keys, or undefined.
 * @param callerKey - The caller's `x-api-key` ("" without one).
 * @throws DevnetApiError 400 `INVALID_REQUEST` without the parameter, 403 `FORBIDDEN` when it names another key.
 * @example
 * if (query.referrer !== undefined) checkReferrerAccess(query.apiKey, apiKey ?? "")
 */
export function checkReferrerAccess(apiKeys: string | undefined, callerKey: string): void {
  if (apiKeys === undefined || apiKeys === "")
    throw new DevnetApiError({
      status: 400,
      errorCode: "INVALID_REQUEST",
      message: "A referrer filter needs the apiKey parameter (your own API key).",
    });
  if (apiKeys.split(",").some((key) => key !== callerKey))
    throw new DevnetApiError({
      status: 403,
      errorCode: "FORBIDDEN",
      message: "A referrer filter may only name your own API key in apiKey.",
    });
}
