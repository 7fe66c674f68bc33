import type { Hex } from "viem";
import type { SolverContext } from "./solverContext.js";

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
  const request = current(requestId);
  const amount = request.subsidized ?? 0n;
  const sponsor = sponsors.get(request.originChainId);
  if (!sponsor) return;
  addDetails(requestId, {
    feeSponsorship: {
      actual: {
        sponsorPayment: {
          amount: amount.toString(),
          address: request.originCurrency,
          chainId: request.originChainId,
          payer: sponsor.address,
          txHash,
          status,
        },
      },
    },
  });
}
