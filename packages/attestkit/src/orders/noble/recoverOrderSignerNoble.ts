import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import type {
  LegacyBitcoinEncodingRequiredErrorType,
  UnknownOrderChainErrorType,
  UnsupportedOrderVersionErrorType,
} from "../errors.js";
import { type HashOrderNobleParameters, hashOrderNoble } from "./hashOrderNoble.js";
import {
  type RecoverOrderIdSignerNobleErrorType,
  type RecoverOrderIdSignerNobleReturnType,
  recoverOrderIdSignerNoble,
} from "./recoverOrderIdSignerNoble.js";

export type RecoverOrderSignerNobleParameters = HashOrderNobleParameters & {
  /** `protocol.v2.orderSignature`: 65 bytes `r || s || v` as hex. */
  signature: unknown;
};

/** The signer, EIP-55 checksummed. */
export type RecoverOrderSignerNobleReturnType = RecoverOrderIdSignerNobleReturnType;

/** The order's errors (as `normalizeOrderNoble` throws them), then the signature's. */
export type RecoverOrderSignerNobleErrorType =
  | UnsupportedOrderVersionErrorType
  | UnknownOrderChainErrorType
  | LegacyBitcoinEncodingRequiredErrorType
  | RecoverOrderIdSignerNobleErrorType;

/**
 * Recovers the key that signed an order with the noble path only: the id recomputed from
 * `orderData` by the hand-written EIP-712 encoder (`hashOrderNoble`), then `recoverOrderIdSignerNoble`.
 * The same answer and errors as `recoverOrderSigner`.
 *
 * @param parameters - {@link RecoverOrderSignerNobleParameters}
 * @returns The signer. {@link RecoverOrderSignerNobleReturnType}
 * @throws The errors of `normalizeOrderNoble` for the order; those of `recoverOrderIdSignerNoble`
 * for the signature.
 * @example
 * recoverOrderSignerNoble({ orderData, chains, signature: quote.protocol.v2.orderSignature })
 */
export function recoverOrderSignerNoble(
  parameters: RecoverOrderSignerNobleParameters,
): RecoverOrderSignerNobleReturnType {
  const { signature, ...order } = parameters;
  const { orderId } = hashOrderNoble(order);
  return recoverOrderIdSignerNoble({ orderId: hexToBytes(orderId) as Uint8Array, signature });
}
