import type { stepItemDataSchema, stepSchema } from "attestkit/schemas";
import type { Hex } from "viem";
import type * as z from "zod";

export type BuildTransactionStepParameters<data extends z.input<typeof stepItemDataSchema>> = {
  /** The step's id: `deposit`, `approve`, `send`, `swap`. */
  id: string;
  /** What the caller is asked to do. Default "Confirm transaction in your wallet", as the live service's wallet steps say. */
  action?: string | undefined;
  description: string;
  /** The request id: the step's `requestId` and the status check's. */
  requestId: Hex;
  /** The request's deposit address, when the step pays one. Default "" (none). */
  depositAddress?: string | undefined;
  /** The one item's data: an EVM transaction, a PSBT to sign, an exchange transfer action. */
  data: data;
  /**
   * Whether the item is checked at the status endpoint by request id. Default true; an approval is
   * not (it says nothing about the request).
   */
  checked?: boolean | undefined;
};

/**
 * A `transaction` step of a quote with its one item, as the live service's: every step the devnet
 * asks a wallet, a Bitcoin signer or the exchange to send has this frame, built here once so that
 * the step builders differ only in what they send. Typed against the step schema, with the item's
 * data as given.
 *
 * @param parameters - {@link BuildTransactionStepParameters}
 * @returns The step.
 * @example
 * const deposit = buildTransactionStep({ id: "deposit", description, requestId, data: { psbt } })
 */
export function buildTransactionStep<data extends z.input<typeof stepItemDataSchema>>({
  id,
  action = "Confirm transaction in your wallet",
  description,
  requestId,
  depositAddress = "",
  data,
  checked = true,
}: BuildTransactionStepParameters<data>) {
  const check = { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" };
  return {
    id,
    action,
    description,
    kind: "transaction",
    requestId,
    depositAddress,
    items: [
      {
        status: "incomplete",
        data,
        ...(checked ? { check } : {}),
      },
    ],
  } satisfies z.input<typeof stepSchema>;
}
