import { devnetDepositoryAbi } from "attestkit/contracts";
import { type Address, encodeFunctionData, type Hex, isAddressEqual } from "viem";
import { nativeCurrencyAddress } from "../constants.js";
import type { SendOptions, SentReceipt, TransactionSender } from "./createTransactionSender.js";

/** Gas of a payout through the depository: plenty for a transfer to an EOA or a simple contract. */
export const payoutGas = 120_000n;

export type PayFromDepositoryParameters = {
  /** The solver's sender on the depository's chain (it owns the depository). */
  sender: TransactionSender;
  depository: Address;
  /** The token; the zero address for the native currency. */
  currency: Address;
  to: Address;
  amount: bigint;
  /** Hears the transaction's hash before it is broadcast (`SendOptions.onSigned`). */
  onSigned?: SendOptions["onSigned"];
};

/**
 * Pays an amount out of a devnet depository (`devnetWithdrawNative` or `devnetWithdrawErc20`): how
 * the solver refunds. Resolves once the transaction is mined, with its receipt (which may say
 * `reverted`).
 *
 * @param parameters - {@link PayFromDepositoryParameters}
 * @returns The hash and the receipt.
 * @example
 * const { hash, receipt } = await payFromDepository({ sender, depository, currency, to: refundTo, amount })
 */
export async function payFromDepository({
  sender,
  depository,
  currency,
  to,
  amount,
  onSigned,
}: PayFromDepositoryParameters): Promise<{ hash: Hex; receipt: SentReceipt }> {
  const data = isAddressEqual(currency, nativeCurrencyAddress)
    ? encodeFunctionData({
        abi: devnetDepositoryAbi,
        functionName: "devnetWithdrawNative",
        args: [to, amount],
      })
    : encodeFunctionData({
        abi: devnetDepositoryAbi,
        functionName: "devnetWithdrawErc20",
        args: [currency, to, amount],
      });
  const hash = await sender.send({ to: depository, data, gas: payoutGas }, { onSigned });
  return { hash, receipt: await sender.waitForReceipt(hash) };
}
