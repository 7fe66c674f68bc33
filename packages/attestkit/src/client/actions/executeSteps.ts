import { publicActions } from "viem";
import type { Step } from "../../schemas/index.js";
import type { BaseClient } from "../createBaseClient.js";
import type { MissingPaymentIntentErrorType, PaymentMismatchErrorType } from "../errors/payment.js";
import type { AbortErrorType } from "../errors/request.js";
import type { RequestNotFoundErrorType, UnknownStatusErrorType } from "../errors/status.js";
import type {
  InvalidStepItemErrorType,
  MissingStepHandlerErrorType,
  StepCheckFailedErrorType,
  StepCheckTimeoutErrorType,
  TransactionRevertedErrorType,
} from "../errors/steps.js";
import type { AccountMismatchErrorType, ChainMismatchErrorType } from "../errors/wallet.js";
import { classifyStepItem } from "../steps/classifyStepItem.js";
import { followStepCheck } from "../steps/followStepCheck.js";
import { guardPayment } from "../steps/guardPayment.js";
import { parseSteps } from "../steps/parseSteps.js";
import { preflightSteps } from "../steps/preflightSteps.js";
import { runStepHandler } from "../steps/runStepHandler.js";
import { sendStepTransaction } from "../steps/sendStepTransaction.js";
import { signStepItem } from "../steps/signStepItem.js";
import type {
  ExecuteStepsItem,
  ExecuteStepsParameters,
  ExecuteStepsProgressEvent,
  ExecuteStepsReturnType,
  StepRun,
} from "../steps/types.js";
import { throwIfAborted } from "../utils/throwIfAborted.js";

// The run's types live with the parts that share them (`steps/types.ts`); they are this action's
// parameters, events and result, so they are exported here too, beside it.
export type {
  ExecuteStepsHandlers,
  ExecuteStepsItem,
  ExecuteStepsParameters,
  ExecuteStepsProgressEvent,
  ExecuteStepsReturnType,
  ExecuteStepsVerifyOptions,
  ReceiptClient,
  StepHandlerContext,
} from "../steps/types.js";

export type ExecuteStepsErrorType =
  | AbortErrorType
  | MissingPaymentIntentErrorType
  | PaymentMismatchErrorType
  | AccountMismatchErrorType
  | ChainMismatchErrorType
  | InvalidStepItemErrorType
  | MissingStepHandlerErrorType
  | RequestNotFoundErrorType
  | UnknownStatusErrorType
  | StepCheckFailedErrorType
  | StepCheckTimeoutErrorType
  | TransactionRevertedErrorType;

/**
 * Runs a quote's steps with the user's wallet, once the payment guard has proved that they pay
 * exactly the order the solver signed and the caller asked for (`verify`), in order: transactions (on the right chain, then
 * receipt, then `POST /transactions/index`), signatures (EIP-191 or EIP-712, posted to the step's
 * endpoint, whose answer may add steps), Bitcoin PSBTs and exchange transfers through caller
 * handlers; then polls each item's check endpoint until the service has it (`depositing`,
 * `pending`, `submitted` or `success`). Every item is classified and checked before the first one
 * runs. Items already `complete` are skipped, so a run can resume.
 *
 * The guard runs before anything is sent: a quote without a signed order, an order that is not the
 * caller's intent, or an item that pays anything else throws `PaymentMismatchError` naming the item,
 * the field, the expected and the actual value. Steps a signature's post appends are checked the same
 * way before they run.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - {@link ExecuteStepsParameters}
 * @returns The executed steps, transactions and signatures. {@link ExecuteStepsReturnType}
 * @example
 * const quote = await client.getQuote({ ... }) // carries its request: the guard checks against it
 * await executeSteps(client, { quote, wallet, onProgress: (e) => console.log(e.type) })
 * await waitForStatus(client, { requestId: quote.steps[0].requestId })
 */
export async function executeSteps(
  client: BaseClient,
  parameters: ExecuteStepsParameters,
): Promise<ExecuteStepsReturnType> {
  const { wallet, handlers = {}, signal, onProgress } = parameters;
  // Parsed (and thereby copied): the caller's quote is never modified, and a broken step is refused
  // before anything is sent.
  const steps = parseSteps(parameters.quote.steps);
  const result: ExecuteStepsReturnType = { steps, transactions: [], signatures: [] };
  const emit = (event: ExecuteStepsProgressEvent) => onProgress?.(event);
  const run: StepRun = {
    client,
    parameters,
    handlers,
    signal,
    emit,
    result,
    receipts: parameters.publicClient ?? wallet.extend(publicActions),
  };

  // Fail before anything is sent when a later item could not run anyway.
  preflightSteps({ steps, handlers, serviceOrigin: new URL(client.baseUrl).origin });
  run.terms = await guardPayment(run, parameters.quote, steps);

  // `steps` grows when a signature's post answers with more steps.
  for (let stepIndex = 0; stepIndex < steps.length; stepIndex++) {
    const step = steps[stepIndex] as Step;
    throwIfAborted(signal);
    emit({ type: "step:started", stepIndex, step });
    for (const [itemIndex, item] of step.items.entries()) {
      if (item.status === "complete") continue;
      throwIfAborted(signal);
      const where: ExecuteStepsItem = { stepIndex, step, itemIndex, item };
      emit({ type: "item:started", ...where });
      await runStepItem(run, where);
      if (item.check?.endpoint) await followStepCheck(run, where);
      item.status = "complete";
      emit({ type: "item:completed", ...where });
    }
    emit({ type: "step:completed", stepIndex, step });
  }
  return result;
}

/** Runs one item by its kind. */
async function runStepItem(run: StepRun, where: ExecuteStepsItem): Promise<void> {
  const action = classifyStepItem(where);
  switch (action.kind) {
    case "transaction":
    case "approval":
      return sendStepTransaction(run, where, action.data);
    case "signature":
      return signStepItem(run, where, action.data);
    case "psbt":
    case "exchange":
      return runStepHandler(run, where, action);
  }
}
