import {
  InvalidRequestError,
  integratorRequestSchemas,
  type RequestOutput,
  validateRequest,
} from "attestkit/schemas";
import { DevnetApiError } from "../errors.js";
import { keepKnownFields } from "./keepKnownFields.js";
import { toInvalidRequestCode } from "./toInvalidRequestCode.js";
import type { ErrorStyle } from "./validateApiRequest.js";

/** The endpoints of the integrator routes (`registerIntegratorRoutes`): keys of the shared request schemas. */
export type IntegratorEndpoint = keyof typeof integratorRequestSchemas;

export type ValidateIntegratorRequestParameters<endpoint extends IntegratorEndpoint> = {
  /** The endpoint whose shared schema applies. */
  endpoint: endpoint;
  /** The query, path parameters and body as one object, as the schema takes them. */
  input: unknown;
  /** How the endpoint names its error code. Default `errorCode`. {@link ErrorStyle} */
  style?: ErrorStyle | undefined;
};

/**
 * Checks the input of an integrator route with the shared request schema of its endpoint (the one the
 * client sends with), its unknown fields left out first as the live service ignores them.
 *
 * @param parameters - {@link ValidateIntegratorRequestParameters}
 * @returns The validated input.
 * @throws DevnetApiError 400 with the code of the offending field (`toInvalidRequestCode`), as
 * `errorCode` or as `code`.
 * @example
 * const query = validateIntegratorRequest({ endpoint: "chainLiquidity", input: c.req.query() })
 */
export function validateIntegratorRequest<endpoint extends IntegratorEndpoint>({
  endpoint,
  input,
  style = "errorCode",
}: ValidateIntegratorRequestParameters<endpoint>): RequestOutput<endpoint> {
  const known = keepKnownFields(input, Object.keys(integratorRequestSchemas[endpoint].shape));
  try {
    return validateRequest({ endpoint, body: known });
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    const code = toInvalidRequestCode({ field: error.field });
    throw new DevnetApiError({
      status: 400,
      message: error.shortMessage,
      ...(style === "code" ? { code } : { errorCode: code }),
    });
  }
}
