import { type Address, encodeFunctionData, type Hex } from "viem";
import { devnetTokenAbi } from "../contracts/abis.js";
import { buildTransactionStep } from "./buildTransactionStep.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

export type BuildApproveStepParameters = {
  /** The request id: the step's `requestId`. */
  requestId: Hex;
  /** The token to approve: the quote's input currency. */
  currency: Pick<DevnetCurrency, "address" | "symbol">;
  /** Who sends the approval: the quote's user. */
  owner: Address;
  /** Who may then take the tokens: the depository (a deposit), the swap router (a same-chain swap). */
  spender: Address;
  /** How much `spender` may take: the quote's input amount. */
  amount: bigint;
  /** The chain the approval is sent on. */
  chainId: number;
};

/**
 * The `approve` step a quote puts before the transaction that takes the user's tokens when the
 * allowance is short, as the live service's: the token's `approve(spender, amount)` from the user,
 * with no check (an approval says nothing about the request). One builder for the deposit's
 * approval and the self-executed swap's, so that the two cannot drift apart.
 *
 * @param parameters - {@link BuildApproveStepParameters}
 * @returns The step.
 * @example
 * const approve = buildApproveStep({ requestId, currency, owner: user, spender: depository, amount, chainId })
 */
export function buildApproveStep({
  requestId,
  currency,
  owner,
  spender,
  amount,
  chainId,
}: BuildApproveStepParameters) {
  return buildTransactionStep({
    id: "approve",
    description: `Sign an approval for ${currency.symbol}`,
    requestId,
    data: {
      from: owner,
      to: currency.address,
      data: encodeFunctionData({ abi: devnetTokenAbi, functionName: "approve", args: [spender, amount] }),
      value: "0",
      chainId,
    },
    checked: false,
  });
}
