import { MissingOrderError, type MissingOrderErrorType } from "../errors.js";
import type { OrderEncodingOptions, VerifyOrderResult } from "../types.js";
import { readObjectNoble } from "./internal/readersNoble.js";
import type { VerifyOrderNobleErrorType } from "./verifyOrderNoble.js";
import { verifyOrderNoble } from "./verifyOrderNoble.js";

export type VerifyQuoteNobleParameters = OrderEncodingOptions & {
  /** A `POST /quote/v2` answer, or its `protocol.v2` object. */
  quote: unknown;
  /** Solvers whose signature is accepted; the live solver when omitted. */
  solvers?: readonly string[] | undefined;
};

export type VerifyQuoteNobleErrorType = MissingOrderErrorType | VerifyOrderNobleErrorType;

/**
 * Verifies the order a quote carries on the noble path (see `verifyOrderNoble`).
 *
 * @param parameters - {@link VerifyQuoteNobleParameters}
 * @returns The verdict, equal to `verifyQuote`'s.
 * @throws MissingOrderError when the quote has no `protocol.v2`; otherwise the errors of `verifyOrderNoble`.
 * @example
 * const { valid } = verifyQuoteNoble({ quote, chains })
 */
export function verifyQuoteNoble({ quote, ...options }: VerifyQuoteNobleParameters): VerifyOrderResult {
  const body = readObjectNoble("quote", quote);
  let v2: unknown;
  if (Object.hasOwn(body, "protocol")) {
    const protocol = body.protocol;
    if (protocol !== null && typeof protocol === "object") v2 = (protocol as Record<string, unknown>).v2;
  } else if (Object.hasOwn(body, "orderData") || Object.hasOwn(body, "orderId")) v2 = body;
  if (v2 === undefined || v2 === null) throw new MissingOrderError();
  const order = readObjectNoble("protocol.v2", v2);
  return verifyOrderNoble({
    ...options,
    orderId: order.orderId,
    orderData: order.orderData,
    orderSignature: order.orderSignature,
    paymentDetails: order.paymentDetails,
  });
}
