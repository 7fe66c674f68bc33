import type { InvalidRequestErrorType } from "../schemas/errors.js";
import type { RequestEndpoint } from "../schemas/types.js";
import { type ValidateRequestReturnType, validateRequest } from "../schemas/validateRequest.js";
import type { BaseClient } from "./createBaseClient.js";

export type ValidateClientRequestErrorType = InvalidRequestErrorType;

/**
 * Checks a body an action is about to send with `validateRequest`, under the client's policy on
 * fields it does not know (`unknownFields`, `allowFields` of `createClient`): every action checks its
 * request here, so the policy is read in one place.
 *
 * @param client - The client the action runs on.
 * @param endpoint - The endpoint's key of `requestSchemas`.
 * @param body - The body or query.
 * @returns The validated body. {@link ValidateRequestReturnType}
 * @throws InvalidRequestError naming each broken rule. {@link ValidateClientRequestErrorType}
 * @example
 * validateClientRequest(client, "chainHealth", parameters)
 */
export function validateClientRequest<endpoint extends RequestEndpoint>(
  client: Pick<BaseClient, "unknownFields" | "allowFields">,
  endpoint: endpoint,
  body: unknown,
): ValidateRequestReturnType<endpoint> {
  return validateRequest({
    endpoint,
    body,
    unknownFields: client.unknownFields,
    allowFields: client.allowFields,
  });
}
