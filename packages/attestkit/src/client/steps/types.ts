import type { Account, Chain, Hex, TransactionReceipt, Transport, WalletClient } from "viem";
import type { ExchangeTransferAction } from "../../chains/exchange/validateExchangeTransfer.js";
import type { TrustRoot } from "../../orders/trustRoot/types.js";
import type { LegacyBitcoinEncoding } from "../../orders/types.js";
import type { Step, StepItem } from "../../schemas/index.js";
import type { BaseClient } from "../createBaseClient.js";
import type { PaymentIntent, PaymentTerms, VerifyPaymentResult } from "../payment/types.js";

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
  /**
   * The service was told of the transaction: `POST /transactions/index` (a deposit), or for a
   * same-chain request the caller executes itself `POST /transactions/single` (`endpoint`).
   */
  | ({
      type: "transaction:indexed";
      chainId: number;
      hash: Hex;
      endpoint?: "/transactions/index" | "/transactions/single";
    } & ExecuteStepsItem)
  /** Indexing only nudges the service (it also indexes by itself), so a failure does not stop the run. */
  | ({
      type: "transaction:index-failed";
      chainId: number;
      hash: Hex;
      error: unknown;
      endpoint?: "/transactions/index" | "/transactions/single";
    } & ExecuteStepsItem)
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
  /**
   * The trust root (depositories, deposit-address rules, spenders, slugs); the client's
   * `trustRoot` when omitted, over the published one. The service's `GET /chains` is never read.
   */
  trustRoot?: TrustRoot | undefined;
  /**
   * Items of the quote to run although the guard cannot decode them (an origin swap through a
   * router's multicall): a step id (all its items), `stepId[index]`, or either pinned to the item's
   * data by `@<digest>` (printed in the refusal). Check them yourself first. Steps a signature's
   * post appends are never covered.
   */
  acceptItems?: readonly string[] | undefined;
  /** Slippage allowed when the intent sets no `slippageTolerance`, in basis points. Default 500. */
  maxSlippageBps?: number | undefined;
  /** The fill window allowed when the intent sets no `ttl`, in seconds. Default 3600. */
  maxDeadlineSeconds?: number | undefined;
  /** The most the caller pays, in the smallest unit of the currency paid (EXACT_OUTPUT, EXPECTED_OUTPUT). */
  maxAmountIn?: bigint | undefined;
  /** Highest Bitcoin fee rate of a PSBT, in satoshis per virtual byte. Default 100. */
  maxBitcoinFeeRate?: bigint | undefined;
  /** Highest exchange transfer fee (`usdcFee`), in USDC's smallest unit. Default 1000000. */
  maxExchangeFee?: bigint | undefined;
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
