import type { Address } from "viem";
import type { DevnetRequest } from "../state/types.js";

/** How a request's deposit goes back. */
export type RefundPlan =
  | { type: "send"; chainId: number; currency: Address; to: Address; amount: bigint }
  /** Nothing can be sent back: the request ends in `failure` with this `refundFailReason`. */
  | { type: "impossible"; refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" };

/**
 * Plans the refund of a request's whole deposit: on the deposit's chain, in its currency, to the
 * request's `refundTo` (fixed at quote time, or by the solver for a deposit no quote could take),
 * or, refunded `BLOCKED_WALLET`, to its deposit address's `recoveryAddress` when the quote gave one.
 * A zero deposit cannot be refunded.
 *
 * @param request - A request that holds a deposit.
 * @param failReason - Why it is refunded.
 * @returns The plan. {@link RefundPlan}
 * @example
 * planRefund(request) // { type: "send", chainId: 31337, currency, to: request.refundTo, amount }
 */
export function planRefund(
  request: Pick<DevnetRequest, "deposit" | "refundTo" | "depositAddress">,
  failReason?: string,
): RefundPlan {
  const { deposit } = request;
  if (!deposit || deposit.amount === 0n)
    return { type: "impossible", refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" };
  return {
    type: "send",
    chainId: deposit.chainId,
    currency: deposit.currency,
    // The official SDK: the recovery address "can recover deposit-address funds if the recipient
    // wallet is later blocked".
    to:
      failReason === "BLOCKED_WALLET" && request.depositAddress?.recoveryAddress
        ? (request.depositAddress.recoveryAddress as Address)
        : request.refundTo,
    amount: deposit.amount,
  };
}
