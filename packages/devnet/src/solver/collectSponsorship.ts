import { encodeFunctionData, erc20Abi, type Hex, isAddressEqual } from "viem";
import { nativeCurrencyAddress } from "../constants.js";
import { recordSent } from "./recordSent.js";
import { recordSponsorship } from "./recordSponsorship.js";
import type { SolverContext } from "./solverContext.js";
import { sponsorPaymentOf } from "./sponsorPaymentOf.js";

/**
 * The fee sponsor pays the sponsored part (`subsidized`) of a filled request's fees where
 * `sponsorPaymentOf` says: on its origin chain, or from Bitcoin or the exchange its worth in the
 * output on the EVM destination; the native currency to the solver, which fronts native fills; a
 * token to the depository, which holds token liquidity. The payment is reported in `details.feeSponsorship`. Does nothing
 * when nothing is sponsored or the chain has no sponsor; throws when the payment cannot be sent.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - A request in `success`.
 * @example
 * await collectSponsorship(context, requestId).catch((error) => log(String(error)))
 */
export async function collectSponsorship(context: SolverContext, requestId: Hex): Promise<void> {
  const { current, sponsors, chainOf } = context;
  const { chainId, currency, amount } = sponsorPaymentOf(current(requestId));
  const sponsor = sponsors.get(chainId);
  if (amount === 0n || !sponsor) return;
  const chain = chainOf(chainId);
  const native = isAddressEqual(currency, nativeCurrencyAddress);
  const hash = await sponsor.send(
    native
      ? { to: chain.sender.address, value: amount, gas: 21_000n }
      : {
          to: currency,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "transfer",
            args: [chain.contracts.depository, amount],
          }),
          gas: 100_000n,
        },
    {
      onSigned: (txHash) => recordSent(context, requestId, { purpose: "sponsor", chainId, txHash }),
    },
  );
  const receipt = await sponsor.waitForReceipt(hash);
  recordSponsorship(context, requestId, { txHash: hash, status: receipt.status });
}
