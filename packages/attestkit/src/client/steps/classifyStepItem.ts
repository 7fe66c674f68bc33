import {
  type ExchangeTransferAction,
  validateExchangeTransfer,
} from "../../chains/exchange/validateExchangeTransfer.js";
import type { Step, StepItem, StepItemAction } from "../../schemas/index.js";
import { stepItemActionSchema, stepItemKind } from "../../schemas/steps.js";
import { InvalidStepItemError, type InvalidStepItemErrorType } from "../errors/steps.js";

export type ClassifyStepItemParameters = { step: Step; item: StepItem; itemIndex: number };

/** An item's kind and its data checked for that kind; an exchange transfer also checked against the request. */
export type ClassifyStepItemReturnType =
  | Exclude<StepItemAction, { kind: "exchange" }>
  | (Extract<StepItemAction, { kind: "exchange" }> & { transfer: ExchangeTransferAction });

export type ClassifyStepItemErrorType = InvalidStepItemErrorType;

/**
 * Tells what a step item asks for and checks its data for it, with the schemas' item kinds
 * (`stepItemKind`, `stepItemActionSchema`): an EVM transaction or approval (positive chain id,
 * addresses, hex, integer quantities), a PSBT, an exchange transfer (its memo 32 bytes of hex; the
 * payment guard checks that it is the order id), or a signature and its post.
 *
 * @param parameters - {@link ClassifyStepItemParameters}
 * @returns The item's kind and checked data. {@link ClassifyStepItemReturnType}
 * @throws InvalidStepItemError when the item has no known shape or its data cannot be run.
 * @throws InvalidExchangeTransferError when a transfer does not match the request.
 * @example
 * const action = classifyStepItem({ step, item, itemIndex: 0 })
 * if (action.kind === "transaction") action.data.value // bigint | undefined
 */
export function classifyStepItem({
  step,
  item,
  itemIndex,
}: ClassifyStepItemParameters): ClassifyStepItemReturnType {
  const kind = stepItemKind({ stepKind: step.kind, data: item.data });
  if (kind === undefined)
    throw new InvalidStepItemError({
      stepId: step.id,
      itemIndex,
      reason: `unknown item shape for a "${step.kind}" step (expected to/data, sign/post, psbt or action)`,
    });
  const parsed = stepItemActionSchema.safeParse({ kind, data: item.data });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Issues are reported at `data.<field>`: the reason names the field within the item's data.
    const field = issue?.path.slice(1).join(".");
    throw new InvalidStepItemError({
      stepId: step.id,
      itemIndex,
      reason: field ? `${field} ${issue?.message}` : (issue?.message ?? "its data does not fit its kind"),
    });
  }
  const action = parsed.data;
  if (action.kind !== "exchange") return action;
  const transfer = validateExchangeTransfer({ action: action.data.action });
  return { ...action, transfer };
}
