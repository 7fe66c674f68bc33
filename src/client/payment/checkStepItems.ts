import type { Step } from "../../schemas/index.js";
import { classifyStepItem } from "../steps/classifyStepItem.js";
import { checkExchangeItem } from "./checkExchangeItem.js";
import { checkPsbtItem } from "./checkPsbtItem.js";
import { checkSignatureItem } from "./checkSignatureItem.js";
import { checkTransactionItem } from "./checkTransactionItem.js";
import { type ItemVerdict, refuseItem } from "./itemVerdict.js";
import type { PaymentCheck, PaymentTerms } from "./types.js";

export type CheckStepItemsParameters = {
  steps: readonly Step[];
  terms: PaymentTerms;
  /** The index of `steps[0]` in the whole run (steps appended by a post come after the quote's). */
  firstStepIndex?: number | undefined;
};

/**
 * Checks every step item not yet `complete` against the order's terms, by its kind: EVM
 * transactions and approvals, signatures, PSBTs and exchange transfers (see each `check*Item`).
 * Every item must also belong to the quote's request. An item the guard cannot decode passes only
 * when the caller accepted it by name: its step id (every item of it) or `stepId[index]`.
 *
 * @param parameters - {@link CheckStepItemsParameters}
 * @returns One `item` check per item, in order.
 * @example
 * const checks = checkStepItems({ steps, terms })
 */
export function checkStepItems({
  steps,
  terms,
  firstStepIndex = 0,
}: CheckStepItemsParameters): PaymentCheck[] {
  const checks: PaymentCheck[] = [];
  for (const [offset, step] of steps.entries())
    for (const [itemIndex, item] of step.items.entries()) {
      if (item.status === "complete") continue;
      const accepted = terms.acceptItems.has(step.id) || terms.acceptItems.has(`${step.id}[${itemIndex}]`);
      const verdict: ItemVerdict =
        terms.requestId !== undefined &&
        step.requestId &&
        step.requestId.toLowerCase() !== terms.requestId.toLowerCase()
          ? refuseItem("requestId", "request-mismatch", terms.requestId, step.requestId)
          : checkItem(step, itemIndex, terms, accepted);
      checks.push({
        name: "item",
        item: { stepId: step.id, stepIndex: firstStepIndex + offset, itemIndex },
        ...verdict,
      });
    }
  return checks;
}

function checkItem(step: Step, itemIndex: number, terms: PaymentTerms, accepted: boolean): ItemVerdict {
  const action = classifyStepItem({ step, item: step.items[itemIndex] as Step["items"][number], itemIndex });
  switch (action.kind) {
    case "transaction":
    case "approval":
      return checkTransactionItem({ step, data: action.data, terms, accepted });
    case "signature":
      return checkSignatureItem({ data: action.data, terms, accepted });
    case "psbt":
      return checkPsbtItem({
        psbt: action.data.psbt,
        depositAddress: step.depositAddress ?? undefined,
        terms,
      });
    case "exchange":
      return checkExchangeItem({ transfer: action.transfer, terms });
  }
}
