import {
  type Account,
  type Chain,
  type Hex,
  isAddressEqual,
  publicActions,
  type TransactionReceipt,
  type Transport,
  type TypedDataDefinition,
  type WalletClient,
} from "viem";
import {
  type ExchangeTransferAction,
  validateExchangeTransfer,
} from "../../chains/exchange/validateExchangeTransfer.js";
import type { Step } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/parseResponse.js";
import { isFinalStatus, isItemDoneStatus } from "../../schemas/statuses.js";
import type { BaseClient } from "../createBaseClient.js";
import { AbortError } from "../errors/request.js";
import {
  InvalidStepItemError,
  MissingStepHandlerError,
  StepCheckFailedError,
  StepCheckTimeoutError,
  TransactionRevertedError,
} from "../errors/steps.js";
import { AccountMismatchError, ChainMismatchError } from "../errors/wallet.js";
import { pollStatus } from "../utils/pollStatus.js";
import { indexTransaction } from "./indexTransaction.js";

/** A step as the executor reads it; fields the interface adds later are carried along. */
type StepShape = {
  id: string;
  kind: string;
  requestId?: string | null | undefined;
  items: ItemShape[];
  [key: string]: unknown;
};
type ItemShape = {
  status?: string | null | undefined;
  data?: Record<string, unknown> | null | undefined;
  check?: { endpoint: string; method?: string | null | undefined } | null | undefined;
  [key: string]: unknown;
};

type Where = { stepIndex: number; step: StepShape; itemIndex: number; item: ItemShape };

/** Progress of an execution, reported per step and per item. */
export type ExecuteStepsProgressEvent =
  | { type: "step:started"; stepIndex: number; step: StepShape }
  | { type: "step:completed"; stepIndex: number; step: StepShape }
  | ({ type: "item:started" } & Where)
  | ({ type: "item:completed" } & Where)
  | ({ type: "chain:switched"; chainId: number } & Where)
  | ({ type: "transaction:sent"; chainId: number; hash: Hex } & Where)
  | ({ type: "transaction:confirmed"; chainId: number; hash: Hex; receipt: TransactionReceipt } & Where)
  | ({ type: "transaction:indexed"; chainId: number; hash: Hex } & Where)
  /** Indexing only nudges the service (it also indexes by itself), so a failure does not stop the run. */
  | ({ type: "transaction:index-failed"; chainId: number; hash: Hex; error: unknown } & Where)
  | ({ type: "signature:signed"; signature: Hex } & Where)
  | ({ type: "signature:posted"; response: unknown } & Where)
  | ({ type: "handler:completed"; handler: "signPsbt" | "submitExchangeTransfer"; result: unknown } & Where)
  | ({ type: "check:status"; status: string; response: unknown } & Where)
  | { type: "steps:appended"; steps: StepShape[] };

/** What a handler receives about the item it runs. */
export type StepHandlerContext = {
  step: StepShape;
  item: ItemShape;
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

export type ExecuteStepsParameters = {
  /**
   * A quote from `getQuote`, or any object with `steps` (read with the quote's response schema, so a
   * broken step is refused before anything is sent). It is not modified.
   */
  quote: { steps: readonly Step[] } | { steps: readonly unknown[] };
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
};

export type ExecuteStepsReturnType = {
  /** The steps as executed (appended steps included), items marked `complete`. */
  steps: StepShape[];
  /** Transactions sent, in order. */
  transactions: { stepId: string; chainId: number; hash: Hex; receipt: TransactionReceipt }[];
  /** Signatures made, in order. */
  signatures: { stepId: string; signature: Hex }[];
};

export type ExecuteStepsErrorType =
  | AbortError
  | AccountMismatchError
  | ChainMismatchError
  | InvalidStepItemError
  | MissingStepHandlerError
  | StepCheckFailedError
  | StepCheckTimeoutError
  | TransactionRevertedError;

/**
 * Runs a quote's steps with the user's wallet, in order: transactions (on the right chain, then
 * receipt, then `POST /transactions/index`), signatures (EIP-191 or EIP-712, posted to the step's
 * endpoint, whose answer may add steps), Bitcoin PSBTs and exchange transfers through caller
 * handlers; then polls each item's check endpoint until the service has it (`depositing`,
 * `pending`, `submitted` or `success`). Items already `complete` are skipped, so a run can resume.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - {@link ExecuteStepsParameters}
 * @returns The executed steps, transactions and signatures. {@link ExecuteStepsReturnType}
 * @example
 * const quote = await client.getQuote({ ... })
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
  const steps = toSteps(parameters.quote.steps);
  const result: ExecuteStepsReturnType = { steps, transactions: [], signatures: [] };
  const emit = (event: ExecuteStepsProgressEvent) => onProgress?.(event);
  const run: Run = {
    client,
    parameters,
    handlers,
    signal,
    emit,
    result,
    receipts: parameters.publicClient ?? (wallet.extend(publicActions) as unknown as ReceiptClient),
  };

  // Fail before anything is sent when a later item could not run anyway.
  preflight(steps, handlers);

  for (let stepIndex = 0; stepIndex < steps.length; stepIndex++) {
    const step = steps[stepIndex] as StepShape;
    throwIfAborted(signal);
    emit({ type: "step:started", stepIndex, step });
    for (let itemIndex = 0; itemIndex < step.items.length; itemIndex++) {
      const item = step.items[itemIndex] as ItemShape;
      if (item.status === "complete") continue;
      throwIfAborted(signal);
      const where: Where = { stepIndex, step, itemIndex, item };
      emit({ type: "item:started", ...where });
      await runItem(run, where);
      if (item.check?.endpoint) await pollCheck(run, where);
      item.status = "complete";
      emit({ type: "item:completed", ...where });
    }
    emit({ type: "step:completed", stepIndex, step });
  }
  return result;
}

type Run = {
  client: BaseClient;
  parameters: ExecuteStepsParameters;
  handlers: ExecuteStepsHandlers;
  signal: AbortSignal | undefined;
  emit: (event: ExecuteStepsProgressEvent) => void;
  result: ExecuteStepsReturnType;
  receipts: ReceiptClient;
};

type ItemKind = "transaction" | "signature" | "psbt" | "exchange";

function kindOf(step: StepShape, item: ItemShape, itemIndex: number): ItemKind {
  const data = item.data;
  if (!data || typeof data !== "object")
    throw new InvalidStepItemError({ stepId: step.id, itemIndex, reason: "it has no data" });
  if (typeof data.psbt === "string") return "psbt";
  if (data.action && typeof data.action === "object") return "exchange";
  if (data.sign && typeof data.sign === "object") return "signature";
  if (step.kind === "transaction" && typeof data.to === "string") return "transaction";
  throw new InvalidStepItemError({
    stepId: step.id,
    itemIndex,
    reason: `unknown item shape for a "${step.kind}" step (expected to/data, sign/post, psbt or action)`,
  });
}

function preflight(steps: StepShape[], handlers: ExecuteStepsHandlers): void {
  for (const step of steps) {
    if (!step || typeof step !== "object" || !Array.isArray(step.items))
      throw new InvalidStepItemError({
        stepId: String(step?.id),
        itemIndex: -1,
        reason: "the step has no items array",
      });
    step.items.forEach((item, itemIndex) => {
      if (item.status === "complete") return;
      const kind = kindOf(step, item, itemIndex);
      if (kind === "psbt" && !handlers.signPsbt)
        throw new MissingStepHandlerError({ handler: "signPsbt", stepId: step.id });
      if (kind === "exchange") {
        validateExchangeTransfer({ action: item.data?.action, requestId: step.requestId as string });
        if (!handlers.submitExchangeTransfer)
          throw new MissingStepHandlerError({ handler: "submitExchangeTransfer", stepId: step.id });
      }
    });
  }
}

async function runItem(run: Run, where: Where): Promise<void> {
  const { step, item, itemIndex } = where;
  const kind = kindOf(step, item, itemIndex);
  const data = item.data as Record<string, unknown>;
  const { handlers, signal } = run;
  if (kind === "transaction") return sendTransaction(run, where, data);
  if (kind === "signature") return signAndPost(run, where, data);
  if (kind === "psbt") {
    if (!handlers.signPsbt) throw new MissingStepHandlerError({ handler: "signPsbt", stepId: step.id });
    const result = await raceAbort(
      handlers.signPsbt({ psbt: data.psbt as string, step, item, signal }),
      signal,
    );
    run.emit({ type: "handler:completed", handler: "signPsbt", result, ...where });
    return;
  }
  // Parameters are checked again: a post may have appended this step after the preflight.
  const transfer = validateExchangeTransfer({ action: data.action, requestId: step.requestId as string });
  if (!handlers.submitExchangeTransfer)
    throw new MissingStepHandlerError({ handler: "submitExchangeTransfer", stepId: step.id });
  const result = await raceAbort(handlers.submitExchangeTransfer({ transfer, step, item, signal }), signal);
  run.emit({ type: "handler:completed", handler: "submitExchangeTransfer", result, ...where });
}

async function sendTransaction(run: Run, where: Where, data: Record<string, unknown>): Promise<void> {
  const { wallet, switchChain = true } = run.parameters;
  const { step, itemIndex } = where;
  const chainId = Number(data.chainId);
  if (!Number.isSafeInteger(chainId) || chainId <= 0)
    throw new InvalidStepItemError({
      stepId: step.id,
      itemIndex,
      reason: `chainId ${String(data.chainId)} is not a chain id`,
    });
  if (!isHex(data.to, 20))
    throw new InvalidStepItemError({ stepId: step.id, itemIndex, reason: "to is not an address" });
  if (data.data !== undefined && data.data !== null && !isHex(data.data))
    throw new InvalidStepItemError({ stepId: step.id, itemIndex, reason: "data is not hex" });
  if (data.from !== undefined && data.from !== null && !isHex(data.from, 20))
    throw new InvalidStepItemError({ stepId: step.id, itemIndex, reason: "from is not an address" });
  if (isHex(data.from, 20) && !isAddressEqual(data.from, wallet.account.address))
    throw new AccountMismatchError({ expected: data.from, actual: wallet.account.address });

  const walletChainId = await wallet.getChainId();
  if (walletChainId !== chainId) {
    if (!switchChain) throw new ChainMismatchError({ expectedChainId: chainId, walletChainId });
    try {
      await wallet.switchChain({ id: chainId });
    } catch (cause) {
      throw new ChainMismatchError({ expectedChainId: chainId, walletChainId, cause });
    }
    const switched = await wallet.getChainId();
    if (switched !== chainId)
      throw new ChainMismatchError({ expectedChainId: chainId, walletChainId: switched });
    run.emit({ type: "chain:switched", chainId, ...where });
  }

  throwIfAborted(run.signal);
  const gas = toBigInt(data.gas, step.id, itemIndex, "gas");
  const value = toBigInt(data.value, step.id, itemIndex, "value");
  const maxFeePerGas = toBigInt(data.maxFeePerGas, step.id, itemIndex, "maxFeePerGas");
  const maxPriorityFeePerGas = toBigInt(
    data.maxPriorityFeePerGas,
    step.id,
    itemIndex,
    "maxPriorityFeePerGas",
  );
  // The chain was checked above; `chain: null` keeps viem from asserting the wallet's configured chain.
  const hash = await wallet.sendTransaction({
    account: wallet.account,
    chain: null,
    to: data.to as Hex,
    ...(isHex(data.data) ? { data: data.data } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(gas !== undefined ? { gas } : {}),
    ...(maxFeePerGas !== undefined ? { maxFeePerGas } : {}),
    ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}),
  } as Parameters<typeof wallet.sendTransaction>[0]);
  run.emit({ type: "transaction:sent", chainId, hash, ...where });

  const receipt = await raceAbort(run.receipts.waitForTransactionReceipt({ hash }), run.signal);
  if (receipt.status === "reverted") throw new TransactionRevertedError({ hash, chainId, stepId: step.id });
  run.result.transactions.push({ stepId: step.id, chainId, hash, receipt });
  run.emit({ type: "transaction:confirmed", chainId, hash, receipt, ...where });

  try {
    await indexTransaction(
      run.client,
      { chainId, txHash: hash, ...(step.requestId ? { requestId: step.requestId } : {}) },
      { signal: run.signal },
    );
    run.emit({ type: "transaction:indexed", chainId, hash, ...where });
  } catch (error) {
    if (run.signal?.aborted) throw new AbortError({ cause: run.signal.reason });
    run.emit({ type: "transaction:index-failed", chainId, hash, error, ...where });
  }
}

async function signAndPost(run: Run, where: Where, data: Record<string, unknown>): Promise<void> {
  const { wallet } = run.parameters;
  const { step, itemIndex } = where;
  const sign = data.sign as Record<string, unknown>;
  throwIfAborted(run.signal);
  let signature: Hex;
  if (sign.signatureKind === "eip191") {
    const message = sign.message;
    if (typeof message !== "string")
      throw new InvalidStepItemError({
        stepId: step.id,
        itemIndex,
        reason: "eip191 message is not a string",
      });
    // A 32-byte hex message is a hash: signed as its raw bytes, not as the 66 characters.
    signature = await wallet.signMessage({
      account: wallet.account,
      message: /^0x[0-9a-fA-F]{64}$/.test(message) ? { raw: message as Hex } : message,
    });
  } else if (sign.signatureKind === "eip712") {
    const { domain, types, primaryType, value } = sign;
    if (
      !types ||
      typeof types !== "object" ||
      typeof primaryType !== "string" ||
      !value ||
      typeof value !== "object"
    )
      throw new InvalidStepItemError({
        stepId: step.id,
        itemIndex,
        reason: "eip712 needs types, primaryType and value",
      });
    signature = await wallet.signTypedData({
      account: wallet.account,
      domain: (domain ?? {}) as TypedDataDefinition["domain"],
      types: types as TypedDataDefinition["types"],
      primaryType,
      message: value as Record<string, unknown>,
    } as Parameters<typeof wallet.signTypedData>[0]);
  } else {
    throw new InvalidStepItemError({
      stepId: step.id,
      itemIndex,
      reason: `unknown signatureKind ${JSON.stringify(sign.signatureKind)}`,
    });
  }
  run.result.signatures.push({ stepId: step.id, signature });
  run.emit({ type: "signature:signed", signature, ...where });

  const post = data.post as { endpoint?: unknown; method?: unknown; body?: unknown } | null | undefined;
  if (!post || typeof post.endpoint !== "string") return;
  throwIfAborted(run.signal);
  const method = typeof post.method === "string" && post.method.toUpperCase() === "GET" ? "GET" : "POST";
  const response = await run.client.request({
    method,
    path: post.endpoint,
    query: { signature },
    ...(post.body !== undefined && method !== "GET" ? { body: post.body } : {}),
    signal: run.signal,
  });
  run.emit({ type: "signature:posted", response, ...where });

  const added =
    response && typeof response === "object" ? (response as { steps?: unknown }).steps : undefined;
  if (Array.isArray(added) && added.length > 0) {
    const steps = toSteps(added);
    preflight(steps, run.handlers);
    run.result.steps.push(...steps);
    run.emit({ type: "steps:appended", steps });
  }
}

async function pollCheck(run: Run, where: Where): Promise<void> {
  const { checkIntervalMs = 1000, checkTimeoutMs = 10 * 60_000, failureGraceMs = 15_000 } = run.parameters;
  const { step, item } = where;
  const check = item.check as { endpoint: string; method?: string | null };
  const { response, failureStood } = await pollStatus({
    read: async ({ signal }) => {
      const body = await run.client.request({
        method: check.method?.toUpperCase() === "POST" ? "POST" : "GET",
        path: check.endpoint,
        signal,
      });
      // A check answers like the status endpoint; a body without a status is refused, not polled for ever.
      return { status: parseResponse({ endpoint: "status", body }).status, body };
    },
    isSettled: (status) => isItemDoneStatus(status) || isFinalStatus(status),
    intervalMs: checkIntervalMs,
    timeoutMs: checkTimeoutMs,
    failureGraceMs,
    timeoutError: ({ response: last }) =>
      new StepCheckTimeoutError({ stepId: step.id, timeoutMs: checkTimeoutMs, lastStatus: last?.status }),
    onChange: ({ status, body }) => run.emit({ type: "check:status", status, response: body, ...where }),
    signal: run.signal,
  });
  // A final status that does not complete the item (refund, fallback), or a failure that stood, ends it.
  if (failureStood || !isItemDoneStatus(response.status))
    throw new StepCheckFailedError({
      stepId: step.id,
      status: response.status,
      statusResponse: response.body,
    });
}

function toSteps(steps: unknown): StepShape[] {
  return parseResponse({ endpoint: "quote", body: { steps: structuredClone(steps) } })
    .steps as unknown as StepShape[];
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError({ cause: signal.reason });
}

/** Rejects as soon as the signal aborts, without waiting for `promise` (which cannot be cancelled). */
function raceAbort<value>(promise: Promise<value>, signal: AbortSignal | undefined): Promise<value> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AbortError({ cause: signal.reason }));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AbortError({ cause: signal.reason }));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function isHex(value: unknown, bytes?: number): value is Hex {
  if (typeof value !== "string") return false;
  return bytes === undefined
    ? /^0x([0-9a-fA-F]{2})*$/.test(value)
    : new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`).test(value);
}

function toBigInt(value: unknown, stepId: string, itemIndex: number, field: string): bigint | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "bigint") return value;
  if (
    (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value))
  )
    return BigInt(value);
  throw new InvalidStepItemError({
    stepId,
    itemIndex,
    reason: `${field} ${JSON.stringify(value)} is not an integer`,
  });
}
