import { type Hex, hashMessage } from "viem";
import { InvalidOrderFieldError, MissingOrderFieldError } from "../errors/orders.js";

export type OrderDigestParameters = {
  /** The order id: 32 bytes of hex. */
  orderId: unknown;
};

export type OrderDigestReturnType = Hex;

export type OrderDigestErrorType = MissingOrderFieldError | InvalidOrderFieldError;

/**
 * The EIP-191 digest the solver's key signs for an order:
 * `keccak256("\x19Ethereum Signed Message:\n32" || orderId)`, over the 32 raw bytes of the id (not
 * its 66-character hex text, which would give another digest and another signer).
 *
 * @param parameters - {@link OrderDigestParameters}
 * @returns The digest. {@link OrderDigestReturnType}
 * @throws MissingOrderFieldError or InvalidOrderFieldError for an id that is not 32 bytes of hex.
 * @example
 * orderDigest({ orderId: quote.protocol.v2.orderId })
 */
export function orderDigest({ orderId }: OrderDigestParameters): OrderDigestReturnType {
  if (orderId === undefined || orderId === null) throw new MissingOrderFieldError({ field: "orderId" });
  if (typeof orderId !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(orderId))
    throw new InvalidOrderFieldError({ field: "orderId", value: orderId, reason: "not 32 bytes of 0x hex" });
  return hashMessage({ raw: orderId.toLowerCase() as Hex });
}
