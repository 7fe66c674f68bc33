// Errors of running a quote's steps: an item that cannot run, a missing handler, a failed check.
import { BaseError } from "../../errors/BaseError.js";
import { RequestFailedError } from "./status.js";

/** A step item needs a caller-supplied handler (`signPsbt`, `submitExchangeTransfer`) that was not given. */
export class MissingStepHandlerError extends BaseError {
  readonly handler: "signPsbt" | "submitExchangeTransfer";
  readonly stepId: string;
  constructor({ handler, stepId }: { handler: "signPsbt" | "submitExchangeTransfer"; stepId: string }) {
    super(`Step "${stepId}" needs the handler "${handler}", which was not given.`, {
      name: "MissingStepHandlerError",
      metaMessages: [
        handler === "signPsbt"
          ? "Bitcoin steps carry a PSBT: pass handlers.signPsbt to sign and broadcast it with a Bitcoin wallet."
          : "External-exchange steps carry a transfer: pass handlers.submitExchangeTransfer to submit it with the exchange's API key.",
      ],
    });
    this.handler = handler;
    this.stepId = stepId;
  }
}

/** {@link MissingStepHandlerError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type MissingStepHandlerErrorType = MissingStepHandlerError & { name: "MissingStepHandlerError" };

/** A step item has a shape the executor does not know how to run. */
export class InvalidStepItemError extends BaseError {
  readonly stepId: string;
  readonly itemIndex: number;
  constructor({ stepId, itemIndex, reason }: { stepId: string; itemIndex: number; reason: string }) {
    super(`Step "${stepId}" item ${itemIndex} cannot be executed: ${reason}.`, {
      name: "InvalidStepItemError",
    });
    this.stepId = stepId;
    this.itemIndex = itemIndex;
  }
}

/** {@link InvalidStepItemError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidStepItemErrorType = InvalidStepItemError & { name: "InvalidStepItemError" };

/** A step transaction was mined but reverted. */
export class TransactionRevertedError extends BaseError {
  readonly hash: string;
  readonly chainId: number;
  readonly stepId: string;
  constructor({ hash, chainId, stepId }: { hash: string; chainId: number; stepId: string }) {
    super(`The transaction of step "${stepId}" reverted on chain ${chainId}.`, {
      name: "TransactionRevertedError",
      metaMessages: [`Transaction: ${hash}`],
    });
    this.hash = hash;
    this.chainId = chainId;
    this.stepId = stepId;
  }
}

/** {@link TransactionRevertedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type TransactionRevertedErrorType = TransactionRevertedError & { name: "TransactionRevertedError" };

/**
 * The check endpoint of a step item reported a status that ends the request without the item
 * completing: a {@link RequestFailedError} (so one `instanceof` catches it wherever it is seen) that
 * also names the step.
 */
export class StepCheckFailedError extends RequestFailedError {
  readonly stepId: string;
  constructor({
    stepId,
    status,
    statusResponse,
    requestId,
  }: { stepId: string; status: string; statusResponse: unknown; requestId?: string | undefined }) {
    super(
      { requestId, status, statusResponse, message: `Step "${stepId}" ended with status "${status}".` },
      "StepCheckFailedError",
    );
    this.stepId = stepId;
  }
}

/** {@link StepCheckFailedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type StepCheckFailedErrorType = StepCheckFailedError & { name: "StepCheckFailedError" };

/** The check endpoint of a step item did not report completion in time. */
export class StepCheckTimeoutError extends BaseError {
  readonly stepId: string;
  readonly lastStatus: string | undefined;
  /** Reads of the check endpoint that failed transiently (and were retried). */
  readonly transientFailures: number;
  constructor({
    stepId,
    timeoutMs,
    lastStatus,
    transientFailures = 0,
  }: {
    stepId: string;
    timeoutMs: number;
    lastStatus: string | undefined;
    transientFailures?: number | undefined;
  }) {
    super(`Step "${stepId}" was not confirmed by its check endpoint within ${timeoutMs} ms.`, {
      name: "StepCheckTimeoutError",
      metaMessages: [
        `Last status: ${lastStatus ?? "none received"}`,
        ...(transientFailures > 0 ? [`Transient read failures waited out: ${transientFailures}`] : []),
      ],
    });
    this.stepId = stepId;
    this.lastStatus = lastStatus;
    this.transientFailures = transientFailures;
  }
}

/** {@link StepCheckTimeoutError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type StepCheckTimeoutErrorType = StepCheckTimeoutError & { name: "StepCheckTimeoutError" };
