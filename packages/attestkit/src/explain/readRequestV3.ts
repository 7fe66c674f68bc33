import type { Hex } from "viem";
import { type GetRequestsReturnType, getRequests } from "../client/actions/getRequests.js";
import type { RequestOptions } from "../client/createBaseClient.js";
import type { createClient } from "../client/createClient.js";
import { ApiError } from "../client/errors/request.js";

/** One record of `GET /requests/v3`. */
export type RequestRecord = GetRequestsReturnType["requests"][number];

/**
 * The request as `GET /requests/v3` lists it. The service needs an API key for it: without one, or
 * when the service answers with an error, the record is null and `note` says why (explain goes on).
 */
export async function readRequestV3({
  client,
  call,
  requestId,
  enabled,
}: {
  client: ReturnType<typeof createClient>;
  call: RequestOptions;
  requestId: Hex;
  /** False when the client has no API key: nothing is read. */
  enabled: boolean;
}): Promise<{ record: RequestRecord | null; note?: string }> {
  if (!enabled) return { record: null, note: "GET /requests/v3 needs an API key, and the client has none" };
  try {
    const page = await getRequests(client, { id: requestId }, { ...call, retry: false });
    const record = page.requests.find((r) => r.id.toLowerCase() === requestId) ?? null;
    return record ? { record } : { record: null, note: "GET /requests/v3 does not list this request" };
  } catch (error) {
    if (error instanceof ApiError)
      return {
        record: null,
        note: `GET /requests/v3 answered HTTP ${error.status}: ${error.serviceMessage}`,
      };
    throw error;
  }
}
