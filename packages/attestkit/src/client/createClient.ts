import {
  type Client,
  type ClientConfig,
  type CreateBaseClientErrorType,
  createBaseClient,
} from "./createBaseClient.js";
import { type ServiceActions, serviceActions } from "./decorators/serviceActions.js";

export type CreateClientParameters = ClientConfig;
export type CreateClientReturnType = Client<ServiceActions>;
export type CreateClientErrorType = CreateBaseClientErrorType;

/**
 * Creates a client for the service with every action bound: `client.getQuote(parameters)`.
 * Requests are checked before sending, responses parsed leniently, failures typed and retried.
 *
 * @param parameters - {@link CreateClientParameters}
 * @returns The client with its actions. {@link CreateClientReturnType}
 * @example
 * const client = createClient({ network: "mainnet", apiKey: process.env.API_KEY, referrer: "my-app" })
 * const quote = await client.getQuote({ ... })
 */
export function createClient(parameters: CreateClientParameters): CreateClientReturnType {
  return createBaseClient(parameters).extend(serviceActions);
}
