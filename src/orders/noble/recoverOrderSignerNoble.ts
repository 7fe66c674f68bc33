import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import { personalDigest } from "../../attestation/noble/personalDigest.js";
import { recoverSignerNoble } from "../../attestation/noble/recoverSignerNoble.js";
import type { InvalidSignatureError } from "../../errors/attestation.js";
import { InvalidOrderFieldError, MissingOrderFieldError } from "../../errors/orders.js";

export type RecoverOrderSignerNobleParameters = {
  /** The 32-byte order id the signature is over. */
  orderId: Uint8Array;
  /** `protocol.v2.orderSignature`: 65 bytes `r || s || v` as hex. */
  signature: unknown;
};

/** The signer, EIP-55 checksummed. */
export type RecoverOrderSignerNobleReturnType = `0x${string}`;

export type RecoverOrderSignerNobleErrorType =
  | MissingOrderFieldError
  | InvalidOrderFieldError
  | InvalidSignatureError;

/**
 * Recovers the key that signed an order id: the EIP-191 digest of its 32 raw bytes, the signature
 * rules of attestations (`parseSignatureNoble`), then secp256k1 recovery with `@noble/curves`.
 *
 * @param parameters - {@link RecoverOrderSignerNobleParameters}
 * @returns The signer. {@link RecoverOrderSignerNobleReturnType}
 * @throws MissingOrderFieldError / InvalidOrderFieldError for a signature that is absent, not hex
 * or not 65 bytes; InvalidSignatureError with a `reason` for a broken rule.
 * @example
 * recoverOrderSignerNoble({ orderId: hexToBytes(orderId)!, signature: orderSignature })
 */
export function recoverOrderSignerNoble({
  orderId,
  signature,
}: RecoverOrderSignerNobleParameters): RecoverOrderSignerNobleReturnType {
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
