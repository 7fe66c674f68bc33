import { devnetDepositoryAbi } from "attestkit/contracts";
import type { evmTransactionRequestSchema } from "attestkit/schemas";
import { type Address, encodeFunctionData, formatUnits, type Hex } from "viem";
import type * as z from "zod";
import { devnetTokenAbi } from "../contracts/abis.js";
import { buildApproveStep } from "./buildApproveStep.js";
import { buildTransactionStep } from "./buildTransactionStep.js";
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

/**
 * The deposit's transaction: `depositNative` / `depositErc20` under the order id; with
 * `priced.directDeposit` (a native origin quoted with `explicitDeposit: false`) a direct transfer of
 * the value to the depository with the order id as its calldata (the devnet depository's fallback
 * credits the sender); with `priced.depositGasLimit` (`gasLimitForDepositSpecifiedTxs`) the item's
 * `gas`.
 */

type TransactionItemData = z.input<typeof evmTransactionRequestSchema>;

/**
 * Builds a quote's steps, typed against the step schema: `approve` (when the allowance is short;
 * it has no check, an approval says nothing about the request), then `deposit`, which calls the
 * origin depository with the order id as `id` (`depositNative` with the value, or `depositErc20`),
 * as the live service's deposit steps do, and is checked at the status endpoint by request id.
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
  const deposit = buildTransactionStep({
    id: "deposit",
    description: `Depositing ${amount}`,
    requestId,
    data: {
      ...(currencyIn.isNative
        ? transaction(
            depository,
            priced.directDeposit === true
              ? orderId
              : encodeFunctionData({
                  abi: devnetDepositoryAbi,
                  functionName: "depositNative",
                  args: [user, orderId],
                }),
            amountIn,
          )
        : transaction(
            depository,
            encodeFunctionData({
              abi: devnetDepositoryAbi,
              functionName: "depositErc20",
              args: [user, currencyIn.address, amountIn, orderId],
            }),
            0n,
          )),
      ...depositGas,
    },
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
