import { InvalidResponseError, type InvalidResponseErrorType } from "./errors.js";
import { responseSchemas } from "./responses.js";
import type { ResponseEndpoint, ResponseOutput } from "./types.js";

export type ParseResponseParameters<endpoint extends ResponseEndpoint> = {
  /** The endpoint the body came from: a key of `responseSchemas`. */
  endpoint: endpoint;
  /** The decoded JSON body. */
  body: unknown;
};

export type ParseResponseReturnType<endpoint extends ResponseEndpoint> = ResponseOutput<endpoint>;

export type ParseResponseErrorType = InvalidResponseErrorType;

/**
 * Parses a response body leniently (unknown fields kept, nulls and number-or-string accepted) and
 * throws only when something a caller relies on is missing or malformed, such as `steps` not an array.
 *
 * @param parameters - {@link ParseResponseParameters}
 * @returns The typed body. {@link ParseResponseReturnType}
 * @example
 * const quote = parseResponse({ endpoint: "quote", body: await response.json() })
 */
export function parseResponse<endpoint extends ResponseEndpoint>({
  endpoint,
  body,
}: ParseResponseParameters<endpoint>): ParseResponseReturnType<endpoint> {
  const result = responseSchemas[endpoint].safeParse(body);
  if (result.success) return result.data as ParseResponseReturnType<endpoint>;
  throw new InvalidResponseError({
    endpoint,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join("."),
      message: issue.message,
    })),
  });
}
