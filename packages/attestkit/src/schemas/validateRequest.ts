import type { VmType } from "../attestation/types.js";
import { InvalidRequestError, type InvalidRequestErrorType, type RequestIssue } from "./errors.js";
import { findUnknownFields, type UnknownField } from "./findUnknownFields.js";
import { toRequestIssue } from "./internal/toRequestIssue.js";
import { createRequestSchemas, requestSchemas } from "./requests.js";
import type { RequestEndpoint, RequestOutput } from "./types.js";

/**
 * What to do with a top-level field the endpoint's schema does not know:
 * - `send` (the default): keep it as given in the result, for the service (which adds fields after
 *   any interface is written) — unless it is a near miss of a known field (`slipageTolerance`),
 *   which is refused with the field it resembles, or a field of the richer endpoint of the same
 *   request (`strict` sent to `price`);
 * - `refuse`: refuse every unknown field (rule `unknown-key`), near miss or not;
 * - `ignore`: leave it out of the result and refuse nothing, as the live service treats a field it
 *   does not know (the devnet's choice).
 */
export type UnknownFieldsMode = "send" | "refuse" | "ignore";

export type ValidateRequestParameters<endpoint extends RequestEndpoint> = {
  /** The endpoint the body is for: a key of `requestSchemas`. */
  endpoint: endpoint;
  /** The body (or query) the caller wants to send. */
  body: unknown;
  /**
   * Non-EVM chains missing from the built-in table (decimal chain id keys), so that their users and
   * recipients are not held to the EVM address rule.
   */
  vmTypes?: Readonly<Record<string, VmType>> | undefined;
  /** What to do with fields the schema does not know. {@link UnknownFieldsMode} Default `send`. */
  unknownFields?: UnknownFieldsMode | undefined;
  /** Fields sent as given in every mode and never taken for a typo: fields the service added. */
  allowFields?: readonly string[] | undefined;
};

const schemasByVmTypes = new WeakMap<object, ReturnType<typeof createRequestSchemas>>();

function schemasFor(vmTypes: Readonly<Record<string, VmType>> | undefined) {
  if (!vmTypes) return requestSchemas;
  let schemas = schemasByVmTypes.get(vmTypes);
  if (!schemas) {
    schemas = createRequestSchemas({ vmTypes });
    schemasByVmTypes.set(vmTypes, schemas);
  }
  return schemas;
}

export type ValidateRequestReturnType<endpoint extends RequestEndpoint> = RequestOutput<endpoint>;

export type ValidateRequestErrorType = InvalidRequestErrorType;

/** The issue of an unknown field that is refused: a near miss names the field it resembles. */
function unknownFieldIssue({ field, suggestion, endpointOf }: UnknownField): RequestIssue {
  if (endpointOf !== undefined)
    return {
      field,
      rule: "unknown-key",
      message: `is a field of ${endpointOf} requests, not of this endpoint`,
    };
  return suggestion === undefined
    ? { field, rule: "unknown-key", message: "is not a field of this endpoint" }
    : {
        field,
        rule: "unknown-key",
        message: `is not a field of this endpoint: did you mean "${suggestion}"?`,
        suggestion,
      };
}

/**
 * The body the schema checks: without the named fields, nor any field set to undefined (JSON sends no
 * undefined, so such a field is no field); the body itself when it is not an object.
 */
function withoutFields(body: unknown, fields: readonly string[]): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).filter(([field, value]) => value !== undefined && !fields.includes(field)),
  );
}

/**
 * Checks a request against every pattern, enum, cross-field and route rule of the interface, and
 * returns it unchanged (addresses keep their case) or throws naming the field and the rule. A field
 * the schema does not know is sent as given, refused or left out, as `unknownFields` says; a near
 * miss of a known field is refused in the default mode too (`findUnknownFields`).
 *
 * @param parameters - {@link ValidateRequestParameters}
 * @returns The validated body, with the unknown fields kept as given in `send` mode and the allowed
 * fields in every mode. {@link ValidateRequestReturnType}
 * @throws InvalidRequestError - every broken rule, each field named. {@link ValidateRequestErrorType}
 * @example
 * validateRequest({ endpoint: "quote", body: { ...quote, slipageTolerance: "50" } })
 * // throws InvalidRequestError { field: "slipageTolerance", rule: "unknown-key", issues[0].suggestion: "slippageTolerance" }
 */
export function validateRequest<endpoint extends RequestEndpoint>({
  endpoint,
  body,
  vmTypes,
  unknownFields = "send",
  allowFields = [],
}: ValidateRequestParameters<endpoint>): ValidateRequestReturnType<endpoint> {
  const unknown = findUnknownFields({ endpoint, body, allowFields });
  const refused = unknown.filter(
    (field) =>
      unknownFields === "refuse" ||
      (unknownFields === "send" && (field.suggestion !== undefined || field.endpointOf !== undefined)),
  );
  const extra = [...allowFields, ...unknown.map(({ field }) => field)];
  const result = schemasFor(vmTypes)[endpoint].safeParse(withoutFields(body, extra));
  const issues = [
    ...refused.map(unknownFieldIssue),
    ...(result.success ? [] : result.error.issues.map((issue) => toRequestIssue({ issue, body }))),
  ];
  if (issues.length > 0)
    throw new InvalidRequestError({ endpoint, issues: issues as [RequestIssue, ...RequestIssue[]] });
  const validated = result.data as Record<string, unknown>;
  if (unknownFields === "ignore")
    return keepGiven(validated, body, allowFields) as ValidateRequestReturnType<endpoint>;
  return keepGiven(validated, body, extra) as ValidateRequestReturnType<endpoint>;
}

/** The validated body with the named fields of the given body put back, as given and in its order. */
function keepGiven(validated: Record<string, unknown>, body: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || body === null || typeof body !== "object") return validated;
  const given = body as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(given)) {
    if (field in validated) kept[field] = validated[field];
    else if (fields.includes(field) && value !== undefined) kept[field] = value;
  }
  for (const [field, value] of Object.entries(validated)) if (!(field in kept)) kept[field] = value;
  return kept;
}
