import type { Step } from "../../schemas/index.js";
import { InvalidStepItemError, MissingStepHandlerError } from "../errors/steps.js";
import { classifyStepItem } from "./classifyStepItem.js";
import { isServiceEndpoint } from "./isServiceEndpoint.js";
import type { ExecuteStepsHandlers } from "./types.js";

export type PreflightStepsParameters = {
  steps: readonly Step[];
  handlers: ExecuteStepsHandlers;
  /** The service's origin: every post and check endpoint must be on it. */
  serviceOrigin: string;
};

/**
 * Checks every item not yet `complete` before anything runs: each must have a known kind and data
 * fit for it, the handler its kind needs (`signPsbt`, `submitExchangeTransfer`), and endpoints on the
 * service (a signature is posted, a check polled, nowhere else: `isServiceEndpoint`). A later item
 * that could not run then stops the run before an earlier one sends anything.
 *
 * @param parameters - {@link PreflightStepsParameters}
 * @throws InvalidStepItemError, InvalidExchangeTransferError, MissingStepHandlerError.
 * @example
 * preflightSteps({ steps, handlers, serviceOrigin: "https://api.relay.link" })
 */
export function preflightSteps({ steps, handlers, serviceOrigin }: PreflightStepsParameters): void {
  for (const step of steps)
    for (const [itemIndex, item] of step.items.entries()) {
      if (item.status === "complete") continue;
      const action = classifyStepItem({ step, item, itemIndex });
      const { kind } = action;
      const endpoints = [
        item.check?.endpoint,
        action.kind === "signature" ? action.data.post.endpoint : undefined,
      ];
      for (const endpoint of endpoints)
        if (endpoint && !isServiceEndpoint(endpoint, serviceOrigin))
          throw new InvalidStepItemError({
            stepId: step.id,
            itemIndex,
            reason: `its endpoint ${JSON.stringify(endpoint.slice(0, 100))} is not on the service (${serviceOrigin})`,
          });
      if (kind === "psbt" && !handlers.signPsbt)
        throw new MissingStepHandlerError({ handler: "signPsbt", stepId: step.id });
      if (kind === "exchange" && !handlers.submitExchangeTransfer)
        throw new MissingStepHandlerError({ handler: "submitExchangeTransfer", stepId: step.id });
    }
}
