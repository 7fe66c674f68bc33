import type { InvalidSignatureErrorType } from "../../attestation/errors.js";
import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import { personalDigest } from "../../attestation/noble/personalDigest.js";
import { recoverSignerNoble } from "../../attestation/noble/recoverSignerNoble.js";
import {
  InvalidOrderFieldError,
  type InvalidOrderFieldErrorType,
  MissingOrderFieldError,
  type MissingOrderFieldErrorType,
} from "../errors.js";

export type RecoverOrderIdSignerNobleParameters = {
  /** The 32-byte order id the signature is over, taken as given: recompute it first. */
  orderId: Uint8Array;
  /** `protocol.v2.orderSignature`: 65 bytes `r || s || v` as hex. */
  signature: unknown;
};

/** The signer, EIP-55 checksummed. */
export type RecoverOrderIdSignerNobleReturnType = `0x${string}`;

export type RecoverOrderIdSignerNobleErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | InvalidSignatureErrorType;

/**
 * Recovers the key that signed a given order id: the EIP-191 digest of its 32 raw bytes, the
 * signature rules of attestations (`parseSignatureNoble`), then secp256k1 recovery with
 * `@noble/curves`. The id is taken as given, so the answer proves only that the key signed these
 * 32 bytes (an attestation signature recovers over the attestation's hash just as well): to check
 * an order, use `recoverOrderSignerNoble` (from `orderData`) or `verifyOrderNoble`.
 *
 * @param parameters - {@link RecoverOrderIdSignerNobleParameters}
 * @returns The signer. {@link RecoverOrderIdSignerNobleReturnType}
 * @throws MissingOrderFieldError / InvalidOrderFieldError for a signature that is absent, not hex
 * or not 65 bytes; InvalidSignatureError with a `reason` for a broken rule.
 * @example
 * recoverOrderIdSignerNoble({ orderId: hexToBytes(orderId)!, signature: orderSignature })
 */
export function recoverOrderIdSignerNoble({
  orderId,
  signature,
}: RecoverOrderIdSignerNobleParameters): RecoverOrderIdSignerNobleReturnType {
  const digest = personalDigest(orderId);
  if (signature === undefined || signature === null)
    throw new MissingOrderFieldError({
      field: "orderSignature",
      hint: "The service returns orderSignature only for quotes requested with includeProtocolData: true, which attestkit quote (--include-protocol-data, on by default) and getQuote send unless told not to.",
    });
  const bytes = hexToBytes(signature);
  if (bytes === undefined)
    throw new InvalidOrderFieldError({
      field: "orderSignature",
      value: signature,
      reason: "not 0x-prefixed hex of whole bytes",
    });
  if (bytes.length !== 65)
    throw new InvalidOrderFieldError({
      field: "orderSignature",
      value: signature,
      reason: `${bytes.length} bytes, not 65 (r || s || v)`,
    });
  return recoverSignerNoble({ digest, signature });
}
