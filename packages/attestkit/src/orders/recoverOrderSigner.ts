import type { Address } from "viem";
import { hashOrder } from "./hashOrder.js";
import { type RecoverOrderIdSignerErrorType, recoverOrderIdSigner } from "./recoverOrderIdSigner.js";
import type { ToOrderStructErrorType, ToOrderStructParameters } from "./toOrderStruct.js";

export type RecoverOrderSignerParameters = ToOrderStructParameters & {
  /** `protocol.v2.orderSignature`: 65 bytes `r || s || v`. */
  signature: unknown;
};

export type RecoverOrderSignerReturnType = Address;

export type RecoverOrderSignerErrorType = ToOrderStructErrorType | RecoverOrderIdSignerErrorType;

/**
 * Recovers the key that signed an order: its id recomputed from `orderData` (`hashOrder`), then
 * EIP-191 over the id's 32 raw bytes under the signature rules of attestations. The id is never
 * taken from the caller, so the signer is the one of this order's content.
 *
 * @param parameters - {@link RecoverOrderSignerParameters}
 * @returns The signer, EIP-55 checksummed. {@link RecoverOrderSignerReturnType}
 * @throws The errors of `toOrderStruct` for the order; those of `recoverOrderIdSigner` for the
 * signature.
 * @example
 * await recoverOrderSigner({ orderData, chains, signature: quote.protocol.v2.orderSignature })
 */
export async function recoverOrderSigner(
  parameters: RecoverOrderSignerParameters,
): Promise<RecoverOrderSignerReturnType> {
  const { signature, ...order } = parameters;
  return recoverOrderIdSigner({ orderId: hashOrder(order), signature });
}
