import type { ResolvedTrustRoot } from "../../orders/trustRoot/types.js";
import type { LegacyBitcoinEncoding, OrderCheckName, VerifyOrderResult } from "../../orders/types.js";
import type { QuoteResponse } from "../../schemas/index.js";
import type {
  EffectContext,
  ExpectedPayment,
  PaymentEffect,
  PaymentIntent,
  PaymentItemRef,
  PaymentLimits,
  PlacedMove,
} from "./effects/types.js";

export type { PaymentIntent, PaymentItemRef };

/** The checks of the payment guard, in the order they run. */
export type PaymentCheckName =
  /** `protocol.v2` is present and readable. */
  | "order"
  /** The order's own checks (see `verifyOrder`). */
  | OrderCheckName
  /** The order is the caller's intent. */
  | "originChain"
  | "originCurrency"
  | "amount"
  | "quotedInput"
  | "destinationChain"
  | "destinationCurrency"
  | "recipient"
  | "minimumOutput"
  | "refund"
  | "refundTo"
  | "calls"
  | "fees"
  | "deadline"
  /** The order's solver is one the caller trusts. */
  | "solver"
  /** The trust root knows the chains the payment needs. */
  | "trustRoot"
  /** A step item decodes into payments the order allows. */
  | "item"
  /** Every item together makes exactly one payment of the order. */
  | "total";

/** One line of the guard's verdict. */
export type PaymentCheck = {
  name: PaymentCheckName;
  ok: boolean;
  /** The step item a check of name `item` is about. */
  item?: PaymentItemRef | undefined;
  /** The field that was compared, e.g. `orderData.output.payments[0].recipient` or `data.value`. */
  field?: string | undefined;
  /** Why it failed (set when `ok` is false), e.g. `recipient-mismatch`, `unknown-spender`. */
  reason?: string | undefined;
  /** What the check required. */
  expected?: string | undefined;
  /** What it found. */
  actual?: string | undefined;
  /** For a passed item check: what the item does, e.g. `depositNative 10000000000000000 wei`. */
  summary?: string | undefined;
  /**
   * For a passed check of an amount (`amount`, `minimumOutput`, an item that pays): the money its
   * summary names, so that a reader can write it in units. The currency as the intent names
   * currencies; the amount in its smallest unit (decimal digits: wei, satoshis).
   */
  money?: PaymentCheckMoney | undefined;
  /** For a passed `deadline` check: the signed fill deadline, Unix seconds. */
  deadline?: number | undefined;
  /**
   * For an item the guard cannot decode: how to accept exactly this item, pinned to its data
   * (`swap[0]@3f1a…`, see `itemDigest`), once the caller has checked it.
   */
  acceptAs?: string | undefined;
};

/** Money a check names: an amount of a currency on a chain (see `PaymentCheck.money`). */
export type PaymentCheckMoney = {
  chainId: number;
  /** The currency, as the intent names it (a lowercase EVM address, Bitcoin's identifier, ...). */
  currency: string;
  /** In the currency's smallest unit, decimal digits. */
  amount: string;
};

/** The guard's verdict on a quote. */
export type VerifyPaymentResult = {
  /** True only if every check passed. */
  valid: boolean;
  /** Every check, in order: the order, the intent, then each step item. */
  checks: PaymentCheck[];
  /** The order's own verdict, with every intermediate value; null when the quote has no readable order. */
  order: VerifyOrderResult | null;
  /** The first failed check, when `valid` is false. */
  failed?: PaymentCheck | undefined;
  /** The money the items move together, when every item could be decoded. */
  effect?: PaymentEffect | undefined;
};

/** What every step item must pay, once the order and the intent are checked: the base the items are decoded against. */
export type PaymentTerms = {
  /** The decoding context (trusted facts and signed terms) shared by every item. */
  context: Omit<EffectContext, "accepted">;
  /** The one payment expected. */
  expected: ExpectedPayment;
  /** True for a same-chain quote the caller runs itself (no order): items decode against the intent. */
  selfExecuted: boolean;
  /** The moves of the quote's own items: steps appended later are summed with them. */
  moves: readonly PlacedMove[];
  /** Items accepted without decoding, as the caller named them (they cover only the quote's own steps). */
  acceptItems: readonly string[];
};

/** What both readers of a quote take. */
export type PaymentSettings = {
  intent: PaymentIntent;
  quote: QuoteResponse;
  root: ResolvedTrustRoot;
  /** Lowercase. */
  solvers: string[];
  nowSeconds: number;
  limits: PaymentLimits;
  maxSlippageBps: number;
  maxDeadlineSeconds: number;
  maxAmountIn: bigint | undefined;
  acceptItems: readonly string[];
  legacyBitcoinEncoding: LegacyBitcoinEncoding | undefined;
};

/** What a reader of a quote returns: its checks, the order's verdict, and the terms items must pay (none when it stopped early). */
export type ReadPaymentReturnType = {
  checks: PaymentCheck[];
  order: VerifyOrderResult | null;
  terms: (Omit<PaymentTerms, "moves"> & { moves: [] }) | undefined;
};
