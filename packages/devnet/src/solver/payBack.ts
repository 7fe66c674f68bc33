import type { Address, Hex } from "viem";
import { payFromDepository } from "../chains/payFromDepository.js";
import { crashPoint } from "../crashPoint.js";
import { recordSent } from "./recordSent.js";
import type { SolverContext } from "./solverContext.js";

export type PayBackParameters = {
  /** The chain of the payment that goes back. */
  chainId: number;
  /** What is paid (the native currency's sentinel address, or a token; ignored off the EVM chains). */
  currency: Address;
  /** Who is paid. */
  to: Address;
  /** How much, in the currency's smallest unit. */
  amount: bigint;
  /** The request it is for (bound to the payment off the EVM chains: OP_RETURN, memo). */
  requestId: Hex;
  /** What it is: the refund of the deposit, or the overpayment sent back after a fill. */
  purpose: "refund" | "excess";
  /** A refund's reason, written down with it. */
  failReason?: string | undefined;
};

/**
 * Pays `amount` back on `chainId`, in that chain's own money movement: from the depository of an
 * EVM chain (resolves once mined), from the solver's wallet on Bitcoin or its relayer account on the
 * exchange (resolves once sent; `ExternalChain.payBack`: on Bitcoin an orphan's refund is the amount
 * less its network fee). The payment is written down with the request before it goes out (`recordSent`).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param parameters - {@link PayBackParameters}
 * @returns The transaction's hash, whether it went through (a mined EVM transaction can revert), and
 * the amount sent.
 * @example
 * const { hash, success } = await payBack(context, { chainId: 31337, currency, to: request.refundTo, amount, requestId, purpose: "refund" })
 */
export async function payBack(
  context: SolverContext,
  { chainId, requestId, purpose, failReason, ...payment }: PayBackParameters,
): Promise<{ hash: Hex; success: boolean; amount: bigint }> {
  const sent = { purpose, chainId, ...(failReason === undefined ? {} : { failReason }) };
  const external = context.externalChains.get(chainId);
  if (external) {
    recordSent(context, requestId, sent);
    const { hash, amount } = await external.payBack({ requestId, failReason, ...payment });
    crashPoint("payment-mined", purpose);
    return { hash, success: true, amount };
  }
  const chain = context.chainOf(chainId);
  const { hash, receipt } = await payFromDepository({
    sender: chain.sender,
    depository: chain.contracts.depository,
    ...payment,
    onSigned: (txHash) => recordSent(context, requestId, { ...sent, txHash }),
  });
  crashPoint("payment-mined", purpose);
  return { hash, success: receipt.status === "success", amount: payment.amount };
}
