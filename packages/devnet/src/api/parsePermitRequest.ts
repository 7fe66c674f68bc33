import { type Hex, isHex } from "viem";
import { permitFailed } from "./permitFailed.js";

export type ParsePermitRequestParameters = {
  /** The JSON body: `{kind, requestId, api?}` (other fields are ignored). */
  body: unknown;
  /** The `signature` query parameter. */
  signature: string | undefined;
};

export type ParsePermitRequestReturnType = {
  /** The request id, as the body wrote it (0x and 64 hex digits). */
  requestId: Hex;
  /** The EIP-3009 signature (65 bytes of hex). */
  signature: Hex;
};

/**
 * Reads what `POST /execute/permits?signature=` names, checked in this order: `kind` is `eip3009`
 * (the kind of the quote's signature step), `requestId` is 0x and 64 hex digits, and the signature
 * is 65 bytes of hex. Pure.
 *
 * @param parameters - {@link ParsePermitRequestParameters}
 * @returns The request id and the signature. {@link ParsePermitRequestReturnType}
 * @throws DevnetApiError 400 `INVALID_REQUEST` (kind, requestId), 400 `PERMIT_FAILED` (signature).
 * @example
 * const { requestId, signature } = parsePermitRequest({ body, signature: c.req.query("signature") })
 */
export function parsePermitRequest({
  body,
  signature,
}: ParsePermitRequestParameters): ParsePermitRequestReturnType {
  const fields = typeof body === "object" && body !== null ? body : {};
  const kind = "kind" in fields ? fields.kind : undefined;
  const requestId = "requestId" in fields ? fields.requestId : undefined;
  if (kind !== "eip3009")
    throw permitFailed("INVALID_REQUEST", `kind must be "eip3009" (the kind of the quote's signature step).`);
  if (!isHex(requestId) || !/^0x[0-9a-fA-F]{64}$/.test(requestId))
    throw permitFailed("INVALID_REQUEST", "requestId must be 0x and 64 hex digits.");
  if (!isHex(signature) || !/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw permitFailed("PERMIT_FAILED", "signature must be a 65-byte hex signature (?signature=0x...).");
  return { requestId, signature };
}
