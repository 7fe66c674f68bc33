import type { VmType } from "../attestation/types.js";
import { InvalidRequestError, type InvalidRequestErrorType, type RequestIssue } from "./errors.js";
import { toRequestIssue } from "./internal/toRequestIssue.js";
import { createRequestSchemas, requestSchemas } from "./requests.js";
import type { RequestEndpoint, RequestOutput } from "./types.js";

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

/**
 * Checks a request against every pattern, enum, cross-field rule and route rule of the interface, and
 * returns it unchanged (addresses keep their case) or throws naming the field and the rule.
 *
 * @param parameters - {@link ValidateRequestParameters}
 * @returns The validated body. {@link ValidateRequestReturnType}
 * @example
 * validateRequest({ endpoint: "quote", body: { ...quote, slippageTolerance: "10001" } })
 * // throws InvalidRequestError { field: "slippageTolerance", rule: "pattern" }
 */
export function validateRequest<endpoint extends RequestEndpoint>({
  endpoint,
  body,
  vmTypes,
}: ValidateRequestParameters<endpoint>): ValidateRequestReturnType<endpoint> {
  const result = schemasFor(vmTypes)[endpoint].safeParse(body);
  if (result.success) return result.data as ValidateRequestReturnType<endpoint>;
  const issues = result.error.issues.map((issue) => toRequestIssue({ issue, body }));
  throw new InvalidRequestError({ endpoint, issues: issues as [RequestIssue, ...RequestIssue[]] });
}
