import type { ChainsResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";

export type GetChainsReturnType = ChainsResponse;
export type GetChainsErrorType = ClientErrorType;

/**
 * Reads the metadata of every chain the service supports (`GET /chains`).
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ chains }`, each with its id, contracts, currencies and flags such as `disabled`. {@link GetChainsReturnType}
 * @example
 * const { chains } = await getChains(client)
 */
export async function getChains(
  client: BaseClient,
  options: RequestOptions = {},
): Promise<GetChainsReturnType> {
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/chains",
    idempotent: isIdempotent("GET /chains"),
  });
  return parseResponse({ endpoint: "chains", body }) as GetChainsReturnType;
}
