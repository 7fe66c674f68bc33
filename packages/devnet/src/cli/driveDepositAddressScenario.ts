import { CliError, exitCodes } from "attestkit/cli";
import type { Hex } from "viem";
import type { ScenarioContext } from "./createScenarioContext.js";
import type { RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { followDevnetRequest } from "./followDevnetRequest.js";
import { quoteScenarioRequest } from "./quoteScenarioRequest.js";

/**
 * Scenario `deposit-address-overpayment`: quotes a strict deposit address and sends it twice the
 * quoted input by a plain transfer; the quote is filled and the rest refunded. Its end is the
 * refund of the rest (`details.excessRefund`), which comes after the fill's `success`.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @returns The request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { status } = await driveDepositAddressScenario(context)
 */
export async function driveDepositAddressScenario(
  context: ScenarioContext,
): Promise<RunDevnetScenarioReturnType> {
  const { quote, requestId } = await quoteScenarioRequest(context, {
    useDepositAddress: true,
    strict: true,
    refundTo: context.account.address,
  });
  const address = quote.steps.find((step) => step.depositAddress)?.depositAddress as Hex | undefined;
  if (!address)
    throw new CliError("The devnet's deposit-address quote has no deposit address step.", {
      exitCode: exitCodes.network,
    });
  context.onRequest?.(requestId);
  const following = followDevnetRequest({
    ...context.follow,
    requestId,
    settled: (record) => record.status !== "success" || Boolean(record.details?.excessRefund),
  });
  // A plain transfer of twice the quoted input: strict fills the quote and refunds the rest.
  const hash = await context.wallet.sendTransaction({ chain: null, to: address, value: context.amount * 2n });
  await context.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return following;
}
