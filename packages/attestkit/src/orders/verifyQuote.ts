import { MissingOrderError, type MissingOrderErrorType } from "./errors.js";
import { readObject } from "./internal/readers.js";
import type { OrderEncodingOptions, VerifyOrderResult } from "./types.js";
import { type VerifyOrderErrorType, verifyOrder } from "./verifyOrder.js";

export type VerifyQuoteParameters = OrderEncodingOptions & {
  /** A `POST /quote/v2` answer, or its `protocol.v2` object. */
  quote: unknown;
  /** Solvers whose signature is accepted; the live solver when omitted. */
  solvers?: readonly string[] | undefined;
};

export type VerifyQuoteReturnType = VerifyOrderResult;

export type VerifyQuoteErrorType = MissingOrderErrorType | VerifyOrderErrorType;

/**
 * Verifies the order a quote carries (`protocol.v2`): the order id, the solver's signature, the
 * payment details and the depository (see `verifyOrder` for each check).
 *
 * @param parameters - {@link VerifyQuoteParameters}
 * @returns The verdict. {@link VerifyQuoteReturnType}
 * @throws MissingOrderError when the quote has no `protocol.v2`; otherwise the errors of `verifyOrder`.
 * @example
 * const quote = await client.getQuote({ ...intent, includeProtocolData: true })
 * const { valid, reason } = await verifyQuote({ quote, chains: toOrderChains(await client.getChains()) })
 */
export async function verifyQuote({
  quote,
  ...options
}: VerifyQuoteParameters): Promise<VerifyQuoteReturnType> {
  const body = readObject("quote", quote);
  let v2: unknown = body;
  if ("protocol" in body) {
    const protocol = body.protocol;
    v2 =
      protocol !== null && typeof protocol === "object"
        ? (protocol as Record<string, unknown>).v2
        : undefined;
  } else if (!("orderData" in body) && !("orderId" in body)) v2 = undefined;
  if (v2 === undefined || v2 === null) throw new MissingOrderError();
  const order = readObject("protocol.v2", v2);
  return verifyOrder({
    ...options,
    orderId: order.orderId,
    orderData: order.orderData,
    orderSignature: order.orderSignature,
    paymentDetails: order.paymentDetails,
  });
}
