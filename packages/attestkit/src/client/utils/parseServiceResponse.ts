import { ApiError, InvalidJsonError, RateLimitError } from "../errors/request.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { redact } from "./redact.js";

export type ParseServiceResponseParameters = {
  /** The service's answer (its status and headers; the body is `text`). */
  response: Response;
  /** The body, as `readResponseText` read it. */
  text: string;
  /** True when an error body was cut at `maxErrorBodyBytes`. */
  truncated: boolean;
  /** The request's method. */
  method: string;
  /** The URL that answered, as errors show it: without credentials or the key. */
  url: string;
  /** The key, redacted from every header, body and text an error keeps. */
  apiKey: string | undefined;
  /** Attempts made so far, this one included. */
  attempts: number;
};

export type ParseServiceResponseErrorType = RateLimitError | ApiError | InvalidJsonError;

/**
 * Turns the service's answer into its JSON body, or into the typed error it stands for: 429 is a
 * `RateLimitError` and any other non-2xx an `ApiError`, each with the body (parsed when it is JSON,
 * else the text) and the headers, the key redacted from both, the `Retry-After` in ms, and whether
 * the body was cut; a 2xx whose body is not JSON is an `InvalidJsonError`. An empty 2xx body is
 * undefined.
 *
 * @param parameters - {@link ParseServiceResponseParameters}
 * @returns The parsed JSON body (undefined for an empty body).
 * @throws RateLimitError, ApiError, InvalidJsonError.
 * @example
 * return parseServiceResponse({ response, text, truncated, method: "GET", url, apiKey, attempts: 1 })
 */
export function parseServiceResponse({
  response,
  text,
  truncated,
  method,
  url,
  apiKey,
  attempts,
}: ParseServiceResponseParameters): unknown {
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name.toLowerCase()] = redact({ value, secret: apiKey });
  });

  if (!response.ok) {
    let errorBody: unknown = text;
    try {
      errorBody = text === "" ? undefined : JSON.parse(text);
    } catch {
      // A proxy's HTML page or plain text: kept as text.
    }
    const common = {
      method,
      url,
      body: redact({ value: errorBody, secret: apiKey }),
      headers: responseHeaders,
      retryAfterMs: parseRetryAfter({ value: response.headers.get("retry-after") }),
      attempts,
      bodyTruncated: truncated,
    };
    if (response.status === 429) throw new RateLimitError(common);
    throw new ApiError({ ...common, status: response.status });
  }

  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidJsonError({
      method,
      url,
      status: response.status,
      text: redact({ value: text, secret: apiKey }),
      cause: error,
      attempts,
    });
  }
}
