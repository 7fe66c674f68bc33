import {
  type Account,
  type Chain,
  type Hex,
  publicActions,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from "viem";
import type { ExchangeTransferAction } from "../../chains/exchange/validateExchangeTransfer.js";
import type { LegacyBitcoinEncoding } from "../../orders/types.js";
import type { Step, StepItem } from "../../schemas/index.js";
import type { BaseClient } from "../createBaseClient.js";
import type { MissingPaymentIntentError, PaymentMismatchError } from "../errors/payment.js";
import type { AbortError } from "../errors/request.js";
import type { RequestNotFoundError, UnknownStatusError } from "../errors/status.js";
import type {
  InvalidStepItemError,
  MissingStepHandlerError,
  StepCheckFailedError,
  StepCheckTimeoutError,
  TransactionRevertedError,
} from "../errors/steps.js";
import type { AccountMismatchError, ChainMismatchError } from "../errors/wallet.js";
import type { PaymentIntent, VerifyPaymentResult } from "../payment/types.js";
import { classifyStepItem } from "../steps/classifyStepItem.js";
import { followStepCheck } from "../steps/followStepCheck.js";
import { guardPayment } from "../steps/guardPayment.js";
import { parseSteps } from "../steps/parseSteps.js";
import { preflightSteps } from "../steps/preflightSteps.js";
import { runStepHandler } from "../steps/runStepHandler.js";
import { sendStepTransaction } from "../steps/sendStepTransaction.js";
import { signStepItem } from "../steps/signStepItem.js";
import type { StepRun } from "../steps/types.js";
import { throwIfAborted } from "../utils/throwIfAborted.js";

/** Where an item is: its step and its place in the run. */
export type ExecuteStepsItem = { stepIndex: number; step: Step; itemIndex: number; item: StepItem };

/** Progress of an execution, reported per step and per item. */
export type ExecuteStepsProgressEvent =
  /** The payment guard's verdict, before anything is sent (also when it refuses the quote). */
  | { type: "payment:verified"; result: VerifyPaymentResult }
  | { type: "step:started"; stepIndex: number; step: Step }
  | { type: "step:completed"; stepIndex: number; step: Step }
  | ({ type: "item:started" } & ExecuteStepsItem)
  | ({ type: "item:completed" } & ExecuteStepsItem)
  | ({ type: "chain:switched"; chainId: number } & ExecuteStepsItem)
  | ({ type: "transaction:sent"; chainId: number; hash: Hex } & ExecuteStepsItem)
  | ({
      type: "transaction:confirmed";
      chainId: number;
      hash: Hex;
      receipt: TransactionReceipt;
    } & ExecuteStepsItem)
  | ({ type: "transaction:indexed"; chainId: number; hash: Hex } & ExecuteStepsItem)
  /** Indexing only nudges the service (it also indexes by itself), so a failure does not stop the run. */
  | ({ type: "transaction:index-failed"; chainId: number; hash: Hex; error: unknown } & ExecuteStepsItem)
  | ({ type: "signature:signed"; signature: Hex } & ExecuteStepsItem)
  | ({ type: "signature:posted"; response: unknown } & ExecuteStepsItem)
  | ({
      type: "handler:completed";
      handler: "signPsbt" | "submitExchangeTransfer";
      result: unknown;
    } & ExecuteStepsItem)
  | ({ type: "check:status"; status: string; response: unknown } & ExecuteStepsItem)
  | { type: "steps:appended"; steps: Step[] };

/** What a handler receives about the item it runs. */
export type StepHandlerContext = {
  step: Step;
  item: StepItem;
  /** Aborted when the execution is. */
  signal: AbortSignal | undefined;
};

export type ExecuteStepsHandlers = {
  /**
   * Signs and broadcasts a Bitcoin PSBT (hex) with the caller's Bitcoin wallet. Return the
   * transaction hash when known; the item's check endpoint then confirms the deposit.
   */
  signPsbt?:
    | ((parameters: StepHandlerContext & { psbt: string }) => Promise<{ txHash?: string } | undefined>)
    | undefined;
  /**
   * Submits an external-exchange transfer with the caller's account-scoped exchange API key. The
   * parameters are checked (integers, memo = hex of the request id) before this is called.
   */
  submitExchangeTransfer?:
    | ((parameters: StepHandlerContext & { transfer: ExchangeTransferAction }) => Promise<unknown>)
    | undefined;
};

/** The part of a public client the executor uses. */
export type ReceiptClient = {
  waitForTransactionReceipt: (parameters: { hash: Hex }) => Promise<TransactionReceipt>;
};

/**
 * The payment guard's settings: what the quote must pay. Everything is optional; the guard itself
 * is on unless `verify: false`.
 */
export type ExecuteStepsVerifyOptions = {
  /**
   * What the caller asked for: the `POST /quote/v2` body. A quote from `getQuote` carries its own;
   * give it for a quote read from elsewhere.
   */
  intent?: PaymentIntent | undefined;
  /** Solvers whose order signature is accepted; the client's `solvers`, else the live solver. */
  solvers?: readonly string[] | undefined;
  /** A `GET /chains` answer; fetched when omitted. */
  chains?: unknown;
  /**
   * Items to run although the guard cannot decode them (an origin swap through a router's
   * multicall): a step id (all its items) or `stepId[index]`. Check them yourself first.
   */
  acceptItems?: readonly string[] | undefined;
  /** Slippage allowed when the intent sets no `slippageTolerance`, in basis points. Default 500. */
  maxSlippageBps?: number | undefined;
  /** Needed only for orders that carry a legacy Bitcoin address. */
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
  /** The clock for deadlines, Unix milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined;
};

export type ExecuteStepsParameters = {
  /**
   * A quote from `getQuote` (or its saved answer with `verify.intent`): `steps`, read with the
   * quote's response schema so a broken step is refused before anything is sent, and the
   * `protocol.v2` order, `details` and `requestId` the payment guard checks them against. It is not
   * modified.
   */
  quote: { steps: readonly Step[] } | { steps: readonly unknown[] };
  /**
   * The payment guard, on by default: before the first transaction or signature, the quote must
   * carry the order the solver signed, that order must be what the caller asked for, and every item
   * must pay exactly it (see `verifyPayment`); otherwise `PaymentMismatchError` and nothing is sent.
   * `false` turns it off, explicitly.
   */
  verify?: ExecuteStepsVerifyOptions | false | undefined;
  /** The user's wallet, with an account. */
  wallet: WalletClient<Transport, Chain | undefined, Account>;
  /** Reads receipts; the wallet's own transport when omitted. */
  publicClient?: ReceiptClient | undefined;
  /** Called for every step and item event. */
  onProgress?: ((event: ExecuteStepsProgressEvent) => void) | undefined;
  /** Handlers for items the EVM wallet cannot run (Bitcoin PSBTs, external-exchange transfers). */
  handlers?: ExecuteStepsHandlers | undefined;
  /** Stops the execution; no transaction or signature starts after it aborts. */
  signal?: AbortSignal | undefined;
  /** Ask the wallet to switch chains when a step is on another chain. Default true. */
  switchChain?: boolean | undefined;
  /** Time between polls of a check endpoint, in ms. Default 1000. */
  checkIntervalMs?: number | undefined;
  /** Limit for one item's check, in ms. Default 10 minutes. */
  checkTimeoutMs?: number | undefined;
  /** How long a `failure` from a check must stand before it counts (it can be followed by `pending`). Default 15 000. */
  failureGraceMs?: number | undefined;
  /** How long a check endpoint may answer 404 before the run ends with a `RequestNotFoundError`. Default 60 000. */
  notFoundWindowMs?: number | undefined;
};

export type ExecuteStepsReturnType = {
  /** The steps as executed (appended steps included), items marked `complete`. */
  steps: Step[];
  /** Transactions sent, in order. */
  transactions: { stepId: string; chainId: number; hash: Hex; receipt: TransactionReceipt }[];
  /** Signatures made, in order. */
  signatures: { stepId: string; signature: Hex }[];
};

export type ExecuteStepsErrorType =
  | AbortError
  | MissingPaymentIntentError
  | PaymentMismatchError
  | AccountMismatchError
  | ChainMismatchError
  | InvalidStepItemError
  | MissingStepHandlerError
  | RequestNotFoundError
  | UnknownStatusError
  | StepCheckFailedError
  | StepCheckTimeoutError
  | TransactionRevertedError;

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
  preflightSteps({ steps, handlers });
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
