import type { Hex } from "viem";
import type { TransactionSender } from "./createTransactionSender.js";

export type WaitForSetupTransactionsParameters = {
  /** The sender that sent them (the solver). */
  solver: TransactionSender;
  /** The setup transactions, sent and not yet mined. */
  hashes: readonly Hex[];
  /** What they set up, for the error: `token setup`, `same-chain liquidity`. */
  what: string;
  chainId: number;
};

/**
 * Waits for the transactions of a chain's setup (mints, approvals, liquidity) in order and fails the
 * start at the first that reverted: a devnet whose balances or liquidity are short must not start.
 *
 * @param parameters - {@link WaitForSetupTransactionsParameters}
 * @throws Error `Devnet <what> failed on chain <chainId>.` when one reverted.
 * @example
 * await waitForSetupTransactions({ solver, hashes, what: "token setup", chainId })
 */
export async function waitForSetupTransactions({
  solver,
  hashes,
  what,
  chainId,
}: WaitForSetupTransactionsParameters): Promise<void> {
  for (const hash of hashes) {
    const receipt = await solver.waitForReceipt(hash);
    if (receipt.status !== "success") throw new Error(`Devnet ${what} failed on chain ${chainId}.`);
  }
}
