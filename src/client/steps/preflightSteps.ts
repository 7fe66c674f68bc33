import type { Step } from "../../schemas/index.js";
import { MissingStepHandlerError } from "../errors/steps.js";
import { classifyStepItem } from "./classifyStepItem.js";
import type { ExecuteStepsHandlers } from "./types.js";

export type PreflightStepsParameters = {
  steps: readonly Step[];
  handlers: ExecuteStepsHandlers;
};

/**
 * Checks every item not yet `complete` before anything runs: each must have a known kind and data
 * fit for it, and the handler its kind needs (`signPsbt`, `submitExchangeTransfer`) must be given. A
 * later item that could not run then stops the run before an earlier one sends anything.
 *
 * @param parameters - {@link PreflightStepsParameters}
 * @throws InvalidStepItemError, InvalidExchangeTransferError, MissingStepHandlerError.
 * @example
 * preflightSteps({ steps, handlers })
 */
export function preflightSteps({ steps, handlers }: PreflightStepsParameters): void {
  for (const step of steps)
    for (const [itemIndex, item] of step.items.entries()) {
      if (item.status === "complete") continue;
      const { kind } = classifyStepItem({ step, item, itemIndex });
      if (kind === "psbt" && !handlers.signPsbt)
        throw new MissingStepHandlerError({ handler: "signPsbt", stepId: step.id });
      if (kind === "exchange" && !handlers.submitExchangeTransfer)
        throw new MissingStepHandlerError({ handler: "submitExchangeTransfer", stepId: step.id });
    }
}
