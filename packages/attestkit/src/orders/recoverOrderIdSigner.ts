import { type Address, recoverAddress, serializeSignature } from "viem";
import { InvalidSignatureError, type InvalidSignatureErrorType } from "../attestation/errors.js";
import { parseAttestationSignature } from "../attestation/parseAttestationSignature.js";
import {
  InvalidOrderFieldError,
  type InvalidOrderFieldErrorType,
  MissingOrderFieldError,
  type MissingOrderFieldErrorType,
} from "./errors.js";
import { orderIdDigest } from "./orderIdDigest.js";

export type RecoverOrderIdSignerParameters = {
  /** The order id the signature is over, taken as given: recompute it from `orderData` first. */
  orderId: unknown;
  /** `protocol.v2.orderSignature`: 65 bytes `r || s || v`. */
  signature: unknown;
};

export type RecoverOrderIdSignerReturnType = Address;

export type RecoverOrderIdSignerErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | InvalidSignatureErrorType;

/**
 * Recovers the key that signed a given order id: EIP-191 over its 32 raw bytes, under the signature
 * rules of attestations (`parseAttestationSignature`: 65 bytes, `v` in {27, 28} with 0/1 read as
 * 27/28, `0 < r < n`, `s != 0`, `s <= n/2`).
 *
 * The id is not recomputed, so the answer proves only that the key signed these 32 bytes. The
 * solver signs attestations the same way, so its signature of an attestation recovers to it here
 * with the attestation's hash as the "order id". To check an order, use `recoverOrderSigner` (from
 * `orderData`) or `verifyOrder`; this is for an id the caller has just recomputed.
 *
 * @param parameters - {@link RecoverOrderIdSignerParameters}
 * @returns The signer, EIP-55 checksummed. {@link RecoverOrderIdSignerReturnType}
 * @throws MissingOrderFieldError / InvalidOrderFieldError for an id that is not 32 bytes of hex, or
 * a signature that is absent, not hex or not 65 bytes; InvalidSignatureError (with a `reason`) for
 * a broken rule.
 * @example
 * const orderId = hashOrder({ orderData, chains })
 * await recoverOrderIdSigner({ orderId, signature: quote.protocol.v2.orderSignature })
 */
export async function recoverOrderIdSigner({
  orderId,
  signature,
}: RecoverOrderIdSignerParameters): Promise<RecoverOrderIdSignerReturnType> {
  const digest = orderIdDigest({ orderId });
  const { r, s, yParity } = parseOrderSignature(signature);
  try {
    return await recoverAddress({ hash: digest, signature: serializeSignature({ r, s, yParity }) });
  } catch (cause) {
    // r passed the range check but is not the x-coordinate of a curve point.
    throw new InvalidSignatureError({ reason: "unrecoverable", value: r, cause });
  }
}

/** The signature's shape (present, hex, 65 bytes), then the shared rules. */
function parseOrderSignature(signature: unknown) {
  if (signature === undefined || signature === null)
    throw new MissingOrderFieldError({
      field: "orderSignature",
      hint: "The service returns orderSignature only for quotes requested with includeProtocolData: true, which attestkit quote (--include-protocol-data, on by default) and getQuote send unless told not to.",
    });
  if (typeof signature !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(signature))
    throw new InvalidOrderFieldError({
      field: "orderSignature",
      value: signature,
      reason: "not 0x-prefixed hex of whole bytes",
    });
  const length = (signature.length - 2) / 2;
  if (length !== 65)
    throw new InvalidOrderFieldError({
      field: "orderSignature",
      value: signature,
      reason: `${length} bytes, not 65 (r || s || v)`,
    });
  return parseAttestationSignature({ signature });
}
