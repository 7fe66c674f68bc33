import {
  HttpRequestError,
  type PublicClient,
  TimeoutError,
  BaseError as ViemBaseError,
  WebSocketRequestError,
} from "viem";
import { TransientStorageUnsupportedError, type TransientStorageUnsupportedErrorType } from "./errors.js";

export type AssertTransientStorageParameters = {
  /** A client of the chain about to be deployed to. */
  publicClient: Pick<PublicClient, "call" | "getChainId">;
};

export type AssertTransientStorageErrorType = TransientStorageUnsupportedErrorType;

/**
 * Creation code run with `eth_call` (no `to`): `TSTORE(0, 1)`, then `TLOAD(0)`, then stop. A chain
 * without EIP-1153 (before Cancun) fails on the first unknown opcode.
 */
const transientProbe = "0x600160005d60005c5000" as const;

/**
 * Checks that a chain has transient storage (EIP-1153), which the receivers' reentrancy guard
 * uses: deployed on a chain without it, every payment would revert. Runs the two opcodes in an
 * `eth_call`, so nothing is sent and nothing is paid.
 *
 * @param parameters - {@link AssertTransientStorageParameters}
 * @throws TransientStorageUnsupportedError when the chain refuses the opcodes; network errors are
 * passed through unchanged.
 * @example
 * await assertTransientStorage({ publicClient }) // before deploying a receiver
 */
export async function assertTransientStorage({
  publicClient,
}: AssertTransientStorageParameters): Promise<void> {
  try {
    await publicClient.call({ data: transientProbe });
  } catch (error) {
    // The node could not be reached: that says nothing about the chain.
    const unreachable =
      error instanceof ViemBaseError &&
      error.walk(
        (e) =>
          e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError,
      );
    if (unreachable) throw error;
    throw new TransientStorageUnsupportedError({ chainId: await publicClient.getChainId(), cause: error });
  }
}
