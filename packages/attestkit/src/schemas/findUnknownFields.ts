import { suggestField } from "./internal/suggestField.js";
import { requestSchemas } from "./requests.js";
import type { RequestEndpoint } from "./types.js";

export type FindUnknownFieldsParameters = {
  /** The endpoint the body is for: a key of `requestSchemas`. */
  endpoint: RequestEndpoint;
  /** The body (or query) the caller wants to send; anything but a plain object has no fields. */
  body: unknown;
  /** Fields to treat as known (sent as given, never taken for a typo): fields the service added. */
  allowFields?: readonly string[] | undefined;
};

/** A top-level field of a body that its endpoint's schema does not know. */
export type UnknownField = {
  /** The field's name, as given. */
  field: string;
  /** The known field it is a near miss of (a typo), when it is one: such a field is refused. */
  suggestion?: string | undefined;
  /**
   * The endpoint that knows the field, when it is a field of a richer endpoint of the same request
   * (`strict` sent to `price`, which only `quote` takes): such a field is refused as well.
   */
  endpointOf?: RequestEndpoint | undefined;
};

export type FindUnknownFieldsReturnType = UnknownField[];

/**
 * Endpoints whose bodies are a subset of another's: `POST /price` takes the route fields of
 * `POST /quote/v2` and none of the rest, so a quote-only field sent to it is a mistake, not news.
 */
const richerEndpoint: Partial<Record<RequestEndpoint, RequestEndpoint>> = { price: "quote" };

/** The top-level fields each endpoint's schema knows. */
export function knownFieldsOf(endpoint: RequestEndpoint): readonly string[] {
  return Object.keys(requestSchemas[endpoint].shape);
}

/**
 * The top-level fields of a request body that the endpoint's schema does not know, each with the
 * known field it is a near miss of, if any (`slipageTolerance` -> `slippageTolerance`: spelled alike
 * but for case, `-` or `_`, or within one or two edits, see `suggestField`). The client sends an
 * unknown field as given (the live service adds fields after any interface is written) but refuses
 * a near miss, and a field of the richer endpoint of the same request (`strict` sent to `price`); the
 * CLI warns about the others before sending.
 *
 * @param parameters - {@link FindUnknownFieldsParameters}
 * @returns The unknown fields in the body's order. {@link FindUnknownFieldsReturnType}
 * @example
 * findUnknownFields({ endpoint: "quote", body: { ...quote, slipageTolerance: "50", newField: 1 } })
 * // [{ field: "slipageTolerance", suggestion: "slippageTolerance" }, { field: "newField" }]
 */
export function findUnknownFields({
  endpoint,
  body,
  allowFields = [],
}: FindUnknownFieldsParameters): FindUnknownFieldsReturnType {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [];
  const known = knownFieldsOf(endpoint);
  const richer = richerEndpoint[endpoint];
  const richerKnown = richer === undefined ? [] : knownFieldsOf(richer);
  // A field set to undefined is not sent (JSON has no undefined), so it is no field at all.
  return Object.entries(body)
    .filter(([field, value]) => value !== undefined && !known.includes(field) && !allowFields.includes(field))
    .map(([field]) => field)
    .map((field): UnknownField => {
      if (richer !== undefined && richerKnown.includes(field)) return { field, endpointOf: richer };
      const suggestion = suggestField({ field, known });
      return suggestion === undefined ? { field } : { field, suggestion };
    });
}
