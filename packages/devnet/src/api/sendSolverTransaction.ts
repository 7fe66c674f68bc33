import type { Address, Hex } from "viem";
import type { ApiChain } from "./types.js";

/** Gas of `receiveWithAuthorization` and of the solver's `depositErc20`. */
const authorizationGas = 150_000n;

/**
 * Sends one solver transaction of the execute API (150,000 gas) and waits for its receipt. Any
 * failure, thrown or reverted, is an answer rather than an error: the caller decides what undoes it.
 *
 * @param chain - The chain to send on. {@link ApiChain}
 * @param data - The calldata.
 * @param to - The contract called.
 * @returns The hash when mined with status 1, else undefined.
 * @example
 * const hash = await sendSolverTransaction(chain, data, authorization.token)
 */
export async function sendSolverTransaction(
  chain: ApiChain,
  data: Hex,
  to: Address,
): Promise<Hex | undefined> {
  try {
    const hash = await chain.sender.send({ to, data, gas: authorizationGas });
    return (await chain.sender.waitForReceipt(hash)).status === "success" ? hash : undefined;
  } catch {
    return undefined;
  }
}
