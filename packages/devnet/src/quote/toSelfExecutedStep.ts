import type { evmTransactionRequestSchema, stepSchema } from "attestkit/schemas";
import type { Address, Hex } from "viem";
import type * as z from "zod";
import type { SelfExecution } from "../state/types.js";
import { buildTransactionStep } from "./buildTransactionStep.js";

export type ToSelfExecutedStepParameters = {
  /** The step's id: `send` or `swap`. */
  id: string;
  description: string;
  /** The request id: the step's `requestId`. */
  requestId: Hex;
  /** The user: the transaction's `from`. */
  user: Address;
  chainId: number;
  /** The transaction that moves the funds (value in wei). */
  call: SelfExecution;
};

/**
 * The one step of a self-executed quote whose transaction moves the funds: the user's own
 * transaction (`from` the user, the value in wei as a decimal string), with the call it makes, which
 * `POST /transactions/single` matches.
 *
 * @param parameters - {@link ToSelfExecutedStepParameters}
 * @returns The steps (one) and the call.
 * @example
 * toSelfExecutedStep({ id: "send", description: "Send 1 USDC to 0x…", requestId, user, chainId, call })
 */
export function toSelfExecutedStep({
  id,
  description,
  requestId,
  user,
  chainId,
  call,
}: ToSelfExecutedStepParameters): { steps: z.input<typeof stepSchema>[]; selfExecution: SelfExecution } {
  const data = {
    from: user,
    to: call.to,
    data: call.data,
    value: call.value.toString(),
    chainId,
  } satisfies z.input<typeof evmTransactionRequestSchema>;
  return { steps: [buildTransactionStep({ id, description, requestId, data })], selfExecution: call };
}
