import { type Hex, isAddressEqual, recoverTypedDataAddress } from "viem";
import type { PermitAuthorization } from "../quote/buildPermitStep.js";
import { permitTypedData } from "../quote/buildPermitStep.js";
import type { DevnetRequest } from "../state/types.js";
import { permitFailed } from "./permitFailed.js";
import { requestNotFound } from "./requestNotFound.js";
import type { DevnetContext } from "./types.js";

export type CheckPermitAuthorizationParameters = {
  context: Pick<DevnetContext, "store" | "permits">;
  /** The request id the body names. */
  requestId: Hex;
  /** The EIP-3009 signature of the authorization. */
  signature: Hex;
  /** The clock, ms. */
  now: number;
};

export type CheckPermitAuthorizationReturnType = {
  request: DevnetRequest;
  /** The authorization the quote handed out, which the signature signs. */
  authorization: PermitAuthorization;
};

/**
 * Checks, before anything is sent, that an authorization may be submitted, in this order: the
 * request exists; it was quoted with `usePermit`; it is still `waiting` and its authorization was
 * not submitted; the authorization has not expired (EIP-3009: valid strictly before `validBefore`,
 * Unix seconds, so `validBefore` itself is refused); and the signature of its typed data recovers
 * to the authorization's `from`.
 *
 * @param parameters - {@link CheckPermitAuthorizationParameters}
 * @returns The request and its authorization. {@link CheckPermitAuthorizationReturnType}
 * @throws DevnetApiError 404 `REQUEST_NOT_FOUND`; 400 `PERMIT_FAILED` for each other check.
 * @example
 * const { request, authorization } = await checkPermitAuthorization({ context, requestId, signature, now: Date.now() })
 */
export async function checkPermitAuthorization({
  context,
  requestId,
  signature,
  now,
}: CheckPermitAuthorizationParameters): Promise<CheckPermitAuthorizationReturnType> {
  const request = context.store.get(requestId);
  if (!request) throw requestNotFound(requestId, "errorCode");
  const authorization = context.permits.get(request.requestId);
  if (!authorization)
    throw permitFailed("PERMIT_FAILED", `Request ${requestId} was not quoted with usePermit.`);
  if (request.status !== "waiting" || context.permits.isSubmitted(request.requestId))
    throw permitFailed("PERMIT_FAILED", `The authorization of request ${requestId} was already submitted.`);
  if (BigInt(Math.floor(now / 1000)) >= authorization.validBefore)
    throw permitFailed(
      "PERMIT_FAILED",
      `The authorization expired at ${authorization.validBefore} (permitExpiry); request a new quote.`,
    );
  const signer = await recoverTypedDataAddress({ ...permitTypedData(authorization), signature });
  if (!isAddressEqual(signer, authorization.from))
    throw permitFailed(
      "PERMIT_FAILED",
      `The signature is by ${signer}, the authorization is ${authorization.from}'s.`,
    );
  return { request, authorization };
}
