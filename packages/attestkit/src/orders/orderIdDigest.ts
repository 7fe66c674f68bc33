import { type Hex, hashMessage } from "viem";
import type { InvalidOrderFieldErrorType, MissingOrderFieldErrorType } from "./errors.js";
import { readOrderId } from "./internal/readers.js";

export type OrderIdDigestParameters = {
  /** The order id: 32 bytes of hex. */
  orderId: unknown;
};

export type OrderIdDigestReturnType = Hex;

export type OrderIdDigestErrorType = MissingOrderFieldErrorType | InvalidOrderFieldErrorType;

/**
 * The EIP-191 digest the solver's key signs for an order id:
 * `keccak256("\x19Ethereum Signed Message:\n32" || orderId)`, over the 32 raw bytes of the id (not
 * its 66-character hex text, which would give another digest and another signer).
 *
 * The id is taken as given: any 32 bytes have a digest, an attestation's hash among them (the solver
 * signs those under the same prefix), so a signature over it says nothing about an order unless the
 * id was recomputed from `orderData` (`hashOrder`; `verifyOrder` and `recoverOrderSigner` do).
 *
 * @param parameters - {@link OrderIdDigestParameters}
 * @returns The digest. {@link OrderIdDigestReturnType}
 * @throws MissingOrderFieldError or InvalidOrderFieldError for an id that is not 32 bytes of hex.
 * @example
 * orderIdDigest({ orderId: hashOrder({ orderData, chains }) })
 */
export function orderIdDigest({ orderId }: OrderIdDigestParameters): OrderIdDigestReturnType {
  return hashMessage({ raw: readOrderId("orderId", orderId) });
}
