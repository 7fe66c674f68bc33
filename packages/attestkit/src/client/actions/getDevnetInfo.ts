import type { DevnetInfoResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";

export type GetDevnetInfoReturnType = DevnetInfoResponse;
export type GetDevnetInfoErrorType = ClientErrorType;

/**
 * Reads what an attestkit devnet says about itself (`GET /devnet/info`): its chains and their RPC
 * URLs and contracts, its solver (the one to trust: `createClient({ solvers: [info.solver.address] })`),
 * its funded test accounts (public test keys, never fund them on a real chain), its Bitcoin chain and
 * its external exchange. The live service has no such endpoint (an `ApiError` 404).
 *
 * @param client - A client of a devnet.
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The devnet's info. {@link GetDevnetInfoReturnType}
 * @example
 * const info = await getDevnetInfo(client)
 * const wallet = createWalletClient({ account: privateKeyToAccount(info.testAccounts[1].privateKey),
 *   transport: http(info.chains[0].rpcUrl) })
 */
export async function getDevnetInfo(
  client: BaseClient,
  options: RequestOptions = {},
): Promise<GetDevnetInfoReturnType> {
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/devnet/info",
    idempotent: isIdempotent("GET /devnet/info"),
  });
  return parseResponse({ endpoint: "devnetInfo", body });
}
