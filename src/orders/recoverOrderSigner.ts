import { type Address, type Hex, recoverAddress, serializeSignature } from "viem";
import { parseAttestationSignature } from "../attestation/parseAttestationSignature.js";
import { InvalidSignatureError } from "../errors/attestation.js";
import { InvalidOrderFieldError, MissingOrderFieldError } from "../errors/orders.js";
import { hashOrder } from "./hashOrder.js";
import { orderDigest } from "./orderDigest.js";
import type { ToOrderStructErrorType, ToOrderStructParameters } from "./toOrderStruct.js";

export type RecoverOrderSignerParameters =
  | {
      /** The order id the signature is over (recompute it from `orderData` before trusting it). */
      orderId: Hex;
      /** `protocol.v2.orderSignature`: 65 bytes `r || s || v`. */
      signature: unknown;
    }
  | (ToOrderStructParameters & { orderId?: undefined; signature: unknown });

export type RecoverOrderSignerReturnType = Address;

export type RecoverOrderSignerErrorType =
  | ToOrderStructErrorType
  | MissingOrderFieldError
  | InvalidOrderFieldError
  | InvalidSignatureError;

/**
 * Recovers the key that signed an order: EIP-191 over the 32 raw bytes of its id, under the
 * signature rules of attestations (`parseAttestationSignature`: 65 bytes, `v` in {27, 28} with 0/1
 * read as 27/28, `0 < r < n`, `s != 0`, `s <= n/2`). With `orderData` the id is recomputed first.
 *
 * @param parameters - {@link RecoverOrderSignerParameters}
 * @returns The signer, EIP-55 checksummed. {@link RecoverOrderSignerReturnType}
 * @throws MissingOrderFieldError / InvalidOrderFieldError for a signature that is absent, not hex
 * or not 65 bytes; InvalidSignatureError (with a `reason`) for a broken rule.
 * @example
 * await recoverOrderSigner({ orderData, chains, signature: quote.protocol.v2.orderSignature })
 */
export async function recoverOrderSigner(
  parameters: RecoverOrderSignerParameters,
): Promise<RecoverOrderSignerReturnType> {
  const orderId = parameters.orderId ?? hashOrder(parameters as ToOrderStructParameters);
  const digest = orderDigest({ orderId });
  const { r, s, yParity } = parseOrderSignature(parameters.signature);
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
