import { MissingStepHandlerError } from "../errors/steps.js";
import { raceAbort } from "../utils/raceAbort.js";
import type { ClassifyStepItemReturnType } from "./classifyStepItem.js";
import type { ExecuteStepsItem, StepRun } from "./types.js";

/**
 * Hands an item the EVM wallet cannot run to the caller's handler: a PSBT to `signPsbt`, a checked
 * exchange transfer to `submitExchangeTransfer`. An abort rejects at once (a handler cannot be
 * cancelled).
 *
 * @param run - The run. {@link StepRun}
 * @param where - The item. {@link ExecuteStepsItem}
 * @param action - The classified item.
 * @throws MissingStepHandlerError when the handler was not given.
 * @example
 * await runStepHandler(run, where, { kind: "psbt", data: { psbt } })
 */
export async function runStepHandler(
  run: StepRun,
  where: ExecuteStepsItem,
  action: Extract<ClassifyStepItemReturnType, { kind: "psbt" | "exchange" }>,
): Promise<void> {
  const { handlers, signal } = run;
  const { step, item } = where;
  if (action.kind === "psbt") {
    if (!handlers.signPsbt) throw new MissingStepHandlerError({ handler: "signPsbt", stepId: step.id });
    const result = await raceAbort(handlers.signPsbt({ psbt: action.data.psbt, step, item, signal }), signal);
    run.emit({ type: "handler:completed", handler: "signPsbt", result, ...where });
    return;
  }
  if (!handlers.submitExchangeTransfer)
    throw new MissingStepHandlerError({ handler: "submitExchangeTransfer", stepId: step.id });
  const result = await raceAbort(
    handlers.submitExchangeTransfer({ transfer: action.transfer, step, item, signal }),
    signal,
  );
  run.emit({ type: "handler:completed", handler: "submitExchangeTransfer", result, ...where });
}
