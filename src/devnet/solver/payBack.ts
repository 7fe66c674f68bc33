import type { Address } from "viem";
import { payFromDepository } from "../chains/payFromDepository.js";
import type { SolverContext } from "./solverContext.js";

export type PayBackParameters = {
  /** The chain whose depository pays. */
  chainId: number;
  /** What is paid (the native currency's sentinel address, or a token). */
  currency: Address;
  /** Who is paid. */
  to: Address;
  /** How much, in the currency's smallest unit. */
  amount: bigint;
};

/**
 * Pays `amount` of `currency` back from the depository of `chainId` to `to`; resolves once mined.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param parameters - {@link PayBackParameters}
 * @returns The transaction's hash and receipt.
 * @example
 * const { hash, receipt } = await payBack(context, { chainId: 31337, currency, to: request.refundTo, amount })
 */
export function payBack(context: Pick<SolverContext, "chainOf">, { chainId, ...payment }: PayBackParameters) {
  const chain = context.chainOf(chainId);
  return payFromDepository({ sender: chain.sender, depository: chain.contracts.depository, ...payment });
}
