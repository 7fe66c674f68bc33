import type { evmTransactionRequestSchema } from "attestkit/schemas";
import { type Address, encodeFunctionData, formatUnits, type Hex } from "viem";
import type * as z from "zod";
import { devnetTokenAbi } from "../contracts/abis.js";
import { buildApproveStep } from "./buildApproveStep.js";
import { buildTransactionStep } from "./buildTransactionStep.js";
import { depositCallOf } from "./depositCallOf.js";
import type { PricedQuote } from "./priceQuote.js";

export type BuildQuoteStepsParameters = {
  priced: PricedQuote;
  /** The request id: each step's `requestId` and the status check's. */
  requestId: Hex;
  /** The order id: the depository `id` the deposit names. */
  orderId: Hex;
  /** The origin chain's depository. */
  depository: Address;
  /** True when the user must first approve the depository (ERC-20 origin, allowance short). */
  needsApproval: boolean;
  /** The request's deposit address (`useDepositAddress`): the one step is a plain transfer to it. */
  depositAddress?: Address | undefined;
};

type TransactionItemData = z.input<typeof evmTransactionRequestSchema>;

/**
 * Builds a quote's steps, typed against the step schema: `approve` (when the allowance is short;
 * it has no check, an approval says nothing about the request), then `deposit`, which pays the
 * origin depository under the order id in the form the quote asked for (`depositCallOf`), as the
 * live service's deposit steps do, and is checked at the status endpoint by request id; with
 * `priced.depositGasLimit` (`gasLimitForDepositSpecifiedTxs`) the deposit item's `gas`.
 * With a deposit address the one step is a plain transfer of the input to that address (a native
 * send, or the token's `transfer`), its `depositAddress` set: no approval, no calldata for the
 * depository; the devnet sweeps the address.
 *
 * @param parameters - {@link BuildQuoteStepsParameters}
 * @returns The steps.
 * @example
 * const steps = buildQuoteSteps({ priced, requestId, orderId, depository, needsApproval: false })
 */
export function buildQuoteSteps({
  priced,
  requestId,
  orderId,
  depository,
  needsApproval,
  depositAddress,
}: BuildQuoteStepsParameters) {
  const { currencyIn, amountIn, user, originChainId: chainId } = priced;
  const transaction = (to: Address, data: Hex, value: bigint) =>
    ({ from: user, to, data, value: value.toString(), chainId }) satisfies TransactionItemData;
  const amount = `${formatUnits(amountIn, currencyIn.decimals)} ${currencyIn.symbol}`;
  if (depositAddress !== undefined)
    return [
      buildTransactionStep({
        id: "deposit",
        description: `Send ${amount} to the deposit address`,
        requestId,
        depositAddress,
        data: currencyIn.isNative
          ? transaction(depositAddress, "0x", amountIn)
          : transaction(
              currencyIn.address,
              encodeFunctionData({
                abi: devnetTokenAbi,
                functionName: "transfer",
                args: [depositAddress, amountIn],
              }),
              0n,
            ),
      }),
    ];
  // `gasLimitForDepositSpecifiedTxs`: the deposit's own gas limit (not the approval's).
  const depositGas = priced.depositGasLimit === undefined ? {} : { gas: priced.depositGasLimit.toString() };
  const call = depositCallOf({ priced, depository, orderId });
  const deposit = buildTransactionStep({
    id: "deposit",
    description: `Depositing ${amount}`,
    requestId,
    data: { ...transaction(call.to, call.data, call.value), ...depositGas },
  });
  if (!needsApproval) return [deposit];
  const approve = buildApproveStep({
    requestId,
    currency: currencyIn,
    owner: user,
    spender: depository,
    amount: amountIn,
    chainId,
  });
  return [approve, deposit];
}
