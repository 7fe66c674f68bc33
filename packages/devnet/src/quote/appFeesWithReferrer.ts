import type { QuoteRequest } from "attestkit/schemas";
import { getAddress } from "viem";
import { type AppFee, toAppFees } from "./toAppFees.js";

/**
 * A quote's app fees with their recipients resolved as the EVM route resolves them: an item that
 * names no EVM recipient is the `referrerAddress`'s when the quote gives one, else it stays without
 * one (the solver's, `buildQuoteOrder`).
 *
 * @param body - A body the shared quote schema accepted.
 * @returns The fees, in order. {@link AppFee}
 * @example
 * appFeesWithReferrer({ ...body, appFees: [{ recipient: "", fee: "25" }], referrerAddress }) // [{ recipient: referrerAddress, bps: 25n }]
 */
export function appFeesWithReferrer(body: QuoteRequest): AppFee[] {
  const referrer = "referrerAddress" in body ? body.referrerAddress : undefined;
  return toAppFees(body.appFees).map((fee) =>
    fee.recipient === undefined && referrer !== undefined ? { ...fee, recipient: getAddress(referrer) } : fee,
  );
}
