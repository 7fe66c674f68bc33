import type { RequestEndpoint } from "attestkit/schemas";
import { InvalidRequestError, validateRequest } from "attestkit/schemas";
import { DevnetApiError } from "../errors.js";
import { toInvalidRequestCode } from "./toInvalidRequestCode.js";

/**
 * How an endpoint names its error code: `errorCode` (quote, price, currencies, requests, indexing)
 * or `code` (status and signature, as the live service answers them).
 */
export type ErrorStyle = "errorCode" | "code";

/**
 * Validates a query or body with the shared request schema of its endpoint (`validateRequest`), so
 * the devnet refuses exactly what the interface refuses. Fields the schema does not know are left
 * out of the value, as the live service ignores them.
 *
 * @param endpoint - The endpoint whose schema applies.
 * @param body - The parsed query or body.
 * @param style - How the endpoint names its error code. {@link ErrorStyle}
 * @returns The validated value, typed as the caller reads it.
 * @throws DevnetApiError 400: with `errorCode` the code of the offending field
 * (`toInvalidRequestCode`); with `code` always `INVALID_REQUEST_ID` (those endpoints take only a
 * request id).
 * @example
 * const body = validateApiRequest<QuoteRequest>("quote", await readJsonBody(c), "errorCode")
 */
export function validateApiRequest<value>(
  endpoint: Extract<
    RequestEndpoint,
    "currencies" | "price" | "quote" | "status" | "attestation" | "transactionsIndex" | "requests"
  >,
  body: unknown,
  style: ErrorStyle,
): value {
  try {
    // A field the schema does not know is left out, as the live service ignores one (a near miss too).
    return validateRequest({ endpoint, body, unknownFields: "ignore" }) as value;
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    const code = style === "code" ? "INVALID_REQUEST_ID" : toInvalidRequestCode({ field: error.field });
    throw new DevnetApiError({
      status: 400,
      message: error.shortMessage,
      ...(style === "code" ? { code } : { errorCode: code }),
    });
  }
}
