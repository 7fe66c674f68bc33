import type { Hex } from "viem";
import type { OrderCheckName, OrderVmType, VerifyOrderResult } from "../../orders/types.js";
import type { QuoteRequest } from "../../schemas/index.js";

/**
 * What the caller asked for: the `POST /quote/v2` body the quote answers. A quote from `getQuote`
 * carries its own (see `quoteIntentOf`); a quote read from elsewhere needs it given.
 */
export type PaymentIntent = QuoteRequest;

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
  | "refundTo"
  | "fees"
  | "deadline"
  /** A step item pays exactly that order. */
  | "item";

/** Where a step item is. */
export type PaymentItemRef = {
  stepId: string;
  stepIndex: number;
  itemIndex: number;
};

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
};

/** A chain as the guard knows it from `GET /chains`. */
export type PaymentChain = {
  id: number;
  /** `protocol.v2.chainId`. */
  slug: string | undefined;
  vmType: OrderVmType | undefined;
  /** `protocol.v2.depository`, as given. */
  depository: string | undefined;
  /** Addresses an approval may name (lowercase): the depository and the listed routers and proxies. */
  spenders: ReadonlySet<string>;
};

/** What every step item must pay, once the order and the intent are checked. */
export type PaymentTerms = {
  /** The quote's request id (each step's `requestId`). */
  requestId: string | undefined;
  /** The order id, recomputed from `orderData`. */
  orderId: Hex;
  /** The order's solver (`orderData.solver`, v2 `relayer`), lowercase. */
  solver: string;
  /** The origin chain. */
  origin: PaymentChain;
  /** The currency paid, as the intent names it. */
  currency: string;
  /** True when the currency paid is the origin chain's native one. */
  native: boolean;
  /** Who pays: the intent's `user`. */
  user: string;
  /** The signed input amount. */
  amount: bigint;
  /** The depository the payment goes to. */
  depository: string;
  /** Items accepted without decoding, by name (`swap` or `swap[0]`). */
  acceptItems: ReadonlySet<string>;
  /** Unix seconds now. */
  nowSeconds: number;
};
