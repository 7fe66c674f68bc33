import type { QuoteRequest } from "attestkit/schemas";
import { type Address, getAddress, isAddress } from "viem";
import { quoteBadRequest } from "./quoteBadRequest.js";

/**
 * Who a quote is for, checksummed: the user, the recipient (the user unless given) and where refunds
 * go, fixed at quote time: `refundTo`, else the recipient, else the user, which must be an EVM
 * address.
 *
 * @param body - A body the shared quote (or price) schema accepted.
 * @returns `{ user, recipient, refundTo }`.
 * @throws DevnetApiError 400 `INVALID_ADDRESS` when the refund address is not an EVM address.
 * @example
 * resolveQuoteParties(body) // { user: "0xf39F…", recipient: "0xf39F…", refundTo: "0xf39F…" }
 */
export function resolveQuoteParties(body: QuoteRequest): {
  user: Address;
  recipient: Address;
  refundTo: Address;
} {
  const user = getAddress(body.user);
  const recipient = getAddress(body.recipient ?? body.user);
  const refundTo = body.refundTo ?? body.recipient ?? body.user;
  if (!isAddress(refundTo)) throw quoteBadRequest("INVALID_ADDRESS", "refundTo must be an EVM address.");
  return { user, recipient, refundTo: getAddress(refundTo) };
}
