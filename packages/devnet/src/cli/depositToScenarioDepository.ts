import { devnetDepositoryAbi } from "attestkit/contracts";
import { encodeFunctionData, type Hex } from "viem";
import type { ScenarioContext } from "./createScenarioContext.js";

/**
 * Deposits native currency straight into the origin depository under `id`, past the quote's steps
 * (as a scenario needs a wrong deposit: late, short, or a second one), and waits for it to be mined.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @param id - The id the deposit is made under.
 * @param value - How much, in wei.
 * @returns The deposit's transaction hash.
 * @example
 * const hash = await depositToScenarioDepository(context, requestId, context.amount - 1n)
 */
export async function depositToScenarioDepository(
  context: ScenarioContext,
  id: Hex,
  value: bigint,
): Promise<Hex> {
  const hash = await context.wallet.sendTransaction({
    chain: null,
    to: context.origin.contracts.depository,
    data: encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositNative",
      args: [context.account.address, id],
    }),
    value,
  });
  await context.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}
