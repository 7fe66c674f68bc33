import type { AttestationVersion } from "../attestation/types.js";
import { getAttestation } from "../client/actions/getAttestation.js";
import type { BaseClient } from "../client/createBaseClient.js";
import { ApiError, type ApiErrorType } from "../client/errors/request.js";
import { InvalidRequestError, type InvalidRequestErrorType } from "../schemas/errors.js";
import type { CollectAttestationsItem } from "./types.js";

export type FetchAttestationItemParameters = {
  client: BaseClient;
  /** The id as listed. */
  requestId: string;
  version: AttestationVersion;
  /** Runs one request on the collection's pacer, slots and retries (`callPaced`), named for its reports. */
  paced: <result>(request: string, call: () => Promise<result>) => Promise<result>;
  signal: AbortSignal;
};

/**
 * Fetches one listed request's attestation (`GET /requests/{id}/signature`, or `/signature/v2`):
 * the item to yield. A request the endpoint has no attestation of (404; 400 or an id the schema
 * refuses) is an `unavailable` item, not an error: the collection goes on. Each attempt is one
 * request (`retry: false`): the retries are the collection's own.
 *
 * @param parameters - {@link FetchAttestationItemParameters}
 * @returns The attestation, or why there is none. {@link CollectAttestationsItem}
 * @throws What `callPaced` throws for any other failure.
 * @example
 * const item = await fetchAttestationItem({ client, requestId, version: "v1", paced, signal })
 */
export async function fetchAttestationItem({
  client,
  requestId,
  version,
  paced,
  signal,
}: FetchAttestationItemParameters): Promise<CollectAttestationsItem> {
  const path = `GET /requests/${requestId}/signature${version === "v2" ? "/v2" : ""}`;
  try {
    const record = await paced(path, () =>
      getAttestation(client, { requestId, version }, { retry: false, signal }),
    );
    return {
      type: "attestation",
      attestation: { requestId, requestData: record.requestData, signature: record.signature },
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { type: "unavailable", requestId, error: error as ApiErrorType };
    if (error instanceof InvalidRequestError)
      return { type: "unavailable", requestId, error: error as InvalidRequestErrorType };
    throw error;
  }
}
