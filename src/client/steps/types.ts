import type {
  ExecuteStepsHandlers,
  ExecuteStepsParameters,
  ExecuteStepsProgressEvent,
  ExecuteStepsReturnType,
  ReceiptClient,
} from "../actions/executeSteps.js";
import type { BaseClient } from "../createBaseClient.js";
import type { PaymentTerms } from "../payment/types.js";

/** What the parts of one `executeSteps` run share. */
export type StepRun = {
  client: BaseClient;
  parameters: ExecuteStepsParameters;
  handlers: ExecuteStepsHandlers;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
  emit: (event: ExecuteStepsProgressEvent) => void;
  /** What the run has done so far; its `steps` grow when a post appends steps. */
  result: ExecuteStepsReturnType;
  receipts: ReceiptClient;
  /** What every item must pay, from the payment guard; undefined with the guard off. */
  terms?: PaymentTerms | undefined;
};
