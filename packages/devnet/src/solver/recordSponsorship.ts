import type { Hex } from "viem";
import type { SolverContext } from "./solverContext.js";
import { sponsorPaymentOf } from "./sponsorPaymentOf.js";

/**
 * Records the sponsor's payment of a request's sponsored fees in `details.feeSponsorship`: once it is
 * mined, and by a restart for one on chain that no record has yet.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - A request in `success`.
 * @param payment - The payment's transaction and its receipt's status.
 * @example
 * recordSponsorship(context, requestId, { txHash, status: "success" })
 */
export function recordSponsorship(
  { current, sponsors, addDetails }: SolverContext,
  requestId: Hex,
  { txHash, status }: { txHash: Hex; status: "success" | "reverted" },
): void {
  const { chainId, currency, amount } = sponsorPaymentOf(current(requestId));
  const sponsor = sponsors.get(chainId);
  if (!sponsor) return;
  addDetails(requestId, {
    feeSponsorship: {
      actual: {
        sponsorPayment: {
          amount: amount.toString(),
          address: currency,
          chainId,
          payer: sponsor.address,
          txHash,
          status,
        },
      },
    },
  });
}
