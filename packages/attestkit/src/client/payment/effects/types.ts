import type { Hex } from "viem";
import type { TrustedChain } from "../../../orders/trustRoot/types.js";
import type { QuoteRequest } from "../../../schemas/index.js";

/**
 * What the caller asked for: the `POST /quote/v2` body the quote answers. A quote from `getQuote`
 * carries its own (see `quoteIntentOf`); a quote read from elsewhere needs it given.
 */
export type PaymentIntent = QuoteRequest;

/** Where a step item is. */
export type PaymentItemRef = {
  stepId: string;
  stepIndex: number;
  itemIndex: number;
};

/** The one payment a quote must make: from the signed order (or, with no order, the intent) and the trust root. */
export type ExpectedPayment = {
  chainId: number;
  /** The currency paid (lowercase EVM address, Bitcoin's identifier, the exchange's asset index). */
  currency: string;
  amount: bigint;
  /** The order id every binding must carry; undefined for a quote the caller runs itself. */
  orderId: string | undefined;
  /** Who must be credited: the intent's `user`. */
  depositor: string;
  /** Payees an EIP-3009 `ReceiveWithAuthorization` may name: the order's solver, when trusted. */
  authorizationPayees: ReadonlySet<string>;
  /** The exchange's trusted relayer account, when paying on the exchange. */
  depository: string | undefined;
  /** With no order: the intent's recipient and the operation the currencies call for. */
  recipient: string | undefined;
  operation: "send" | "wrap" | "unwrap" | undefined;
};

/** How a payment is made: the deposit call, the transfer or the signature that moves the money. */
export type PaymentVia =
  /** `depositNative(depositor, id)` on the depository. */
  | "depositNative"
  /** `depositErc20(depositor, token, amount, id)` (or the 3-argument form, the whole allowance) on the depository. */
  | "depositErc20"
  /** A native transfer to the depository whose calldata is the 32-byte id (`explicitDeposit: false`). */
  | "directNative"
  /** An ERC-20 `transfer` to the depository with the id as the calldata's trailing 32 bytes (`explicitDeposit: false`). */
  | "directErc20"
  /** A native or ERC-20 transfer to the request's deposit address. */
  | "depositAddress"
  /** An EIP-3009 authorization the payer signs. */
  | "authorization"
  /** A Bitcoin transaction output. */
  | "psbt"
  /** An external-exchange transfer. */
  | "exchange"
  /** A same-chain transfer to the recipient, a wrap or an unwrap (a quote the caller runs itself). */
  | "send"
  | "wrap"
  | "unwrap";

/** Money one item moves, as decoded from it. */
export type Move =
  | {
      type: "pay";
      via: PaymentVia;
      chainId: number;
      /** Who receives it: the depository, a deposit address, a signed payee, the recipient. */
      payee: string;
      /** The currency paid, as the intent names currencies (lowercase EVM addresses). */
      currency: string;
      /** Smallest units; undefined for `depositErc20` of the whole allowance until the ledger knows it. */
      amount: bigint | undefined;
      /** What ties it to the order: the deposit id, the OP_RETURN, the memo, the authorization nonce. */
      binding: string | undefined;
      /** Who is credited: the deposit's `depositor`, the authorization's `from`. */
      depositor: string | undefined;
      /** For payments that draw on an allowance (`depositErc20`): the spender it draws on. */
      drawsOn?: string | undefined;
      /** Where in the item's data each part is, for the verdict (`data.value`, `data.data.id`, ...). */
      fields: PaymentFields;
    }
  | { type: "approve"; chainId: number; currency: string; spender: string; amount: bigint }
  /** A cost paid outside the order: a Bitcoin fee, an exchange transfer fee. */
  | { type: "fee"; chainId: number; kind: "bitcoin-fee" | "exchange-fee"; currency: string; amount: bigint }
  /** An item the caller accepted without decoding: what can be seen of it. */
  | { type: "accepted"; chainId: number; to: string; value: bigint };

/** The item fields a payment's parts come from. */
export type PaymentFields = {
  payee: string;
  currency: string;
  amount: string;
  binding: string;
  depositor: string;
};

/** A move tied to the item it came from. */
export type PlacedMove = Move & { item: PaymentItemRef };

/** The verdict on decoding one item: its moves, or why it is refused. */
export type DecodedItem = { ok: true; moves: Move[]; summary: string } | RefusedItem;

/** A refused item: which field of its data is wrong, why, and the two values. */
export type RefusedItem = { ok: false; field: string; reason: string; expected: string; actual: string };

/** What every decoder reads: the trusted facts and the signed terms, never the service's word. */
export type EffectContext = {
  intent: PaymentIntent;
  /** The origin chain, from the trust root. */
  origin: TrustedChain;
  /** The signed order's id (lowercase); undefined for a same-chain quote the caller runs itself. */
  orderId: Hex | undefined;
  /** The payer: the intent's `user` (lowercase for EVM). */
  user: string;
  /** The currency paid, as the intent names it (lowercase for EVM). */
  currency: string;
  /** True when the currency paid is the origin chain's native one. */
  native: boolean;
  /** The request's deposit address, derived from the trust root's rule; undefined when none can be. */
  depositAddress: string | undefined;
  /** Solvers the caller trusts (lowercase), and the order's own solver when it is one of them. */
  trustedSolver: string | undefined;
  /** True when the caller accepted this item undecoded. */
  accepted: boolean;
  /** Unix seconds now. */
  nowSeconds: number;
  /** The signed order's fill deadline, Unix seconds; undefined without an order. */
  orderDeadline: number | undefined;
  /** The costs outside the order the caller allows. */
  limits: PaymentLimits;
};

/** Costs outside the order the caller allows (`verifyPayment`'s options, with their defaults). */
export type PaymentLimits = {
  /** Highest Bitcoin fee rate a PSBT may pay, in satoshis per virtual byte. */
  maxBitcoinFeeRate: bigint;
  /** Highest `usdcFee` of an exchange transfer, in USDC's smallest unit (6 decimals). */
  maxExchangeFee: bigint;
};

/** The money a whole quote moves, summed over its items: what the guard compares with the order. */
export type PaymentEffect = {
  /** Every payment, in item order. */
  payments: {
    chainId: number;
    payee: string;
    currency: string;
    amount: bigint;
    binding: string | undefined;
    depositor: string | undefined;
  }[];
  /** Allowances the items leave standing (approved and not drawn on by a decoded item). */
  allowances: { chainId: number; currency: string; spender: string; amount: bigint }[];
  /** Costs outside the order. */
  fees: { chainId: number; kind: "bitcoin-fee" | "exchange-fee"; currency: string; amount: bigint }[];
  /** Items run undecoded because the caller accepted them. */
  accepted: { item: PaymentItemRef; chainId: number; to: string; value: bigint }[];
};
