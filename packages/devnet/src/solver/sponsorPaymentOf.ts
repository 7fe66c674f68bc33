import type { SponsorPayment } from "../quote/planSponsorPayment.js";
import type { DevnetRequest } from "../state/types.js";

/**
 * Where and what the fee sponsor pays for a request (`planSponsorPayment` at quote time): the
 * recorded plan (from Bitcoin or the exchange: the output currency on the destination), else the
 * sponsored part (`subsidized`) in the input on the origin.
 *
 * @param request - The request.
 * @returns The payment; its amount is 0n when nothing is sponsored. {@link SponsorPayment}
 * @example
 * const { chainId, currency, amount } = sponsorPaymentOf(current(requestId))
 */
export function sponsorPaymentOf(
  request: Pick<DevnetRequest, "sponsorPayment" | "subsidized" | "originChainId" | "originCurrency">,
): SponsorPayment {
  return (
    request.sponsorPayment ?? {
      chainId: request.originChainId,
      currency: request.originCurrency,
      amount: request.subsidized ?? 0n,
    }
  );
}
