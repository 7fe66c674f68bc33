import type { AttestationVersion, VerifyAttestationResult } from "../../attestation/types.js";
import type { VerifyAttestationParameters } from "../../attestation/verifyAttestation.js";
import { verifyAttestation } from "../../attestation/verifyAttestation.js";
import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { AttestationResponse } from "../../schemas/index.js";
import { parseResponse, validateRequest } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";

/** How to verify the record: `true` trusts the live solver; an object names solvers and encoders. */
export type AttestationVerifyOptions =
  | true
  | Pick<VerifyAttestationParameters, "solvers" | "vmTypes" | "encoders">;

export type GetAttestationParameters = {
  /** The request id from the quote's steps. */
  requestId: string;
  /** `v1` (`/requests/{id}/signature`, signs the amount) or `v2` (`/signature/v2`, signs the destination currency). Default `v1`. */
  version?: AttestationVersion | undefined;
  /** Also verify the signature over the returned fields, in the same call. */
  verify?: AttestationVerifyOptions | false | undefined;
};

export type GetAttestationReturnType<verify = undefined> = verify extends true | object
  ? AttestationResponse & {
      /** The verdict of `verifyAttestation` over the returned record. */
      verification: VerifyAttestationResult;
    }
  : AttestationResponse;

export type GetAttestationErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Reads the solver's attestation of a request (`GET /requests/{id}/signature`, or `/signature/v2`),
 * and with `verify` also checks it, so a caller can tell a valid record from a forged one before
 * using it onchain.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - {@link GetAttestationParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The record `{ requestData, signature }`, plus `verification` when asked. {@link GetAttestationReturnType}
 * @example
 * const { requestData, verification } = await getAttestation(client, { requestId, verify: true })
 * if (!verification.valid) throw new Error(verification.reason)
 */
export async function getAttestation<const parameters extends GetAttestationParameters>(
  client: BaseClient,
  parameters: parameters,
  options: RequestOptions = {},
): Promise<GetAttestationReturnType<parameters["verify"]>> {
  const { requestId, version = "v1", verify } = parameters;
  validateRequest({ endpoint: "attestation", body: { requestId, version } });
  const path = `/requests/${encodeURIComponent(requestId)}/signature${version === "v2" ? "/v2" : ""}`;
  const body = await client.request({
    ...options,
    method: "GET",
    path,
    idempotent: isIdempotent("GET /requests/{requestId}/signature"),
  });
  const record = parseResponse({ endpoint: "attestation", body }) as AttestationResponse;
  if (!verify) return record as GetAttestationReturnType<parameters["verify"]>;
  const verification = await verifyAttestation({
    ...(verify === true ? {} : verify),
    requestId,
    requestData: record.requestData as VerifyAttestationParameters["requestData"],
    signature: record.signature,
    version,
  });
  return { ...record, verification } as GetAttestationReturnType<parameters["verify"]>;
}
