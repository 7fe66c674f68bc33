import { defaultSolvers } from "../../attestation/constants.js";
import type { InvalidTrustRootErrorType } from "../../orders/errors.js";
import { resolveTrustRoot } from "../../orders/trustRoot/resolveTrustRoot.js";
import type { TrustRoot } from "../../orders/trustRoot/types.js";
import type { LegacyBitcoinEncoding, VerifyOrderResult } from "../../orders/types.js";
import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { QuoteResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/parseResponse.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { checkStepItems } from "./checkStepItems.js";
import type { PaymentLimits } from "./effects/types.js";
import { readOrderPayment } from "./readOrderPayment.js";
import { readSelfExecutedPayment } from "./readSelfExecutedPayment.js";
import type { PaymentCheck, PaymentIntent, PaymentTerms, VerifyPaymentResult } from "./types.js";

/** Slippage the guard allows when the intent sets none (the service then picks one): 5 %. */
export const defaultMaxSlippageBps = 500;
/** The fill window the guard allows when the intent sets no `ttl`: one hour, the devnet's default ttl. */
export const defaultMaxDeadlineSeconds = 3_600;
/** The Bitcoin fee rate a PSBT may pay at most, in satoshis per virtual byte. */
export const defaultMaxBitcoinFeeRate = 100n;
/** The exchange transfer fee (`usdcFee`) allowed at most: 1 USDC (6 decimals). */
export const defaultMaxExchangeFee = 1_000_000n;

export type VerifyPaymentParameters = {
  /** The quote: its `steps`, `protocol.v2`, `details` and `requestId`, as the service sent them. */
  quote: unknown;
  /** What the caller asked for: the `POST /quote/v2` body. */
  intent: PaymentIntent;
  /**
   * The caller's trust root: depositories, deposit-address rules, spenders, slugs. Its chains replace
   * the published ones (`publishedTrustRoot`) of the same id. Never built from the service's answers.
   */
  trustRoot?: TrustRoot | undefined;
  /** Solvers whose signature is accepted; the live solver when omitted. */
  solvers?: readonly string[] | undefined;
  /** Slippage allowed when the intent sets no `slippageTolerance`, in basis points. Default 500. */
  maxSlippageBps?: number | undefined;
  /** The fill window allowed when the intent sets no `ttl`, in seconds. Default 3600. */
  maxDeadlineSeconds?: number | undefined;
  /**
   * The most the caller pays, in the smallest unit of the currency paid: bounds the signed input of
   * an EXACT_OUTPUT or EXPECTED_OUTPUT quote (whose input the service prices). No bound when omitted.
   */
  maxAmountIn?: bigint | undefined;
  /** Highest Bitcoin fee rate of a PSBT, in satoshis per virtual byte. Default 100. */
  maxBitcoinFeeRate?: bigint | undefined;
  /** Highest exchange transfer fee (`usdcFee`), in USDC's smallest unit. Default 1000000 (1 USDC). */
  maxExchangeFee?: bigint | undefined;
  /**
   * Items of the quote accepted without decoding: a step id (all its items), `stepId[index]`, or
   * either pinned to the item's data by `@<digest>` (the digest the refusal prints, see `itemDigest`).
   */
  acceptItems?: readonly string[] | undefined;
  /**
   * Needed only for orders that carry a legacy Bitcoin address. Prefer `"ff-prefixed"`: with
   * `"unprefixed"` a P2PKH or P2SH address signs the same bytes as a witness-v0 or witness-v5 address
   * (see `otherBitcoinForm`), so the guard also requires the order's text of a Bitcoin recipient or
   * refund address to be the caller's; the signed bytes alone cannot tell the two apart.
   */
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
  /** The clock, Unix milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined;
};

export type VerifyPaymentReturnType = VerifyPaymentResult & {
  /** What every step item must pay; undefined when the quote could not be read that far. */
  terms: PaymentTerms | undefined;
};

export type VerifyPaymentErrorType = InvalidRequestErrorType | InvalidTrustRootErrorType;

/**
 * The payment guard's verdict on a quote, before anything is sent: nothing the service says unsigned
 * decides where money goes. Every payee, amount and binding comes from the intent, the order the
 * solver signed (verified against the caller's solvers) and the caller's trust root.
 *
 * 1. The order (`protocol.v2`, `verifyOrder`): `orderId` recomputed from `orderData` with the trust
 *    root's slugs, signed by an allowed solver, `paymentDetails` equal to the signed input and the
 *    depository the trusted one. A same-chain quote without an order (the caller runs it itself) is
 *    checked against the intent alone.
 * 2. The intent (`checkOrderIntent`): origin, amount, destination, recipient, minimum output, every
 *    refund leg, destination calls, fees and the fill deadline.
 * 3. The money (`checkStepItems`): every item decoded into what it moves, all of them summed: exactly
 *    one payment of the order, to a trusted payee, bound to the order id, with approvals drawn and
 *    costs outside the order within the caller's limits.
 *
 * A quote that breaks a rule is a verdict (`valid: false`, every check listed); only a malformed
 * intent or trust root throws.
 *
 * @param parameters - {@link VerifyPaymentParameters}
 * @returns The verdict, every check, the terms and the money effect. {@link VerifyPaymentReturnType}
 * @throws InvalidRequestError when the intent is not a valid quote request; InvalidTrustRootError.
 * @example
 * const { valid, checks } = await verifyPayment({ quote, intent, trustRoot })
 * if (!valid) throw new Error(checks.filter((c) => !c.ok).map((c) => c.reason).join())
 */
export async function verifyPayment(parameters: VerifyPaymentParameters): Promise<VerifyPaymentReturnType> {
  const { intent } = parameters;
  // The known fields are checked; one the schema does not know decides nothing here (whoever sent the
  // request applied the client's policy on such fields: `getQuote`).
  validateRequest({ endpoint: "quote", body: intent, unknownFields: "ignore" });
  const root = resolveTrustRoot({ trustRoot: parameters.trustRoot });
  const quote = readQuote(parameters.quote);
  if (!("steps" in quote)) return verdict([quote], null, undefined);
  const settings = {
    intent,
    quote,
    root,
    solvers: (parameters.solvers ?? defaultSolvers).map((solver) => solver.toLowerCase()),
    nowSeconds: Math.floor((parameters.now ?? Date.now)() / 1000),
    limits: {
      maxBitcoinFeeRate: parameters.maxBitcoinFeeRate ?? defaultMaxBitcoinFeeRate,
      maxExchangeFee: parameters.maxExchangeFee ?? defaultMaxExchangeFee,
    } satisfies PaymentLimits,
    maxSlippageBps: parameters.maxSlippageBps ?? defaultMaxSlippageBps,
    maxDeadlineSeconds: parameters.maxDeadlineSeconds ?? defaultMaxDeadlineSeconds,
    maxAmountIn: parameters.maxAmountIn,
    acceptItems: parameters.acceptItems ?? [],
    legacyBitcoinEncoding: parameters.legacyBitcoinEncoding,
  };
  const read = quote.protocol?.v2 ? await readOrderPayment(settings) : readSelfExecutedPayment(settings);
  if (read.terms === undefined) return verdict(read.checks, read.order, undefined);
  const items = checkStepItems({ steps: quote.steps, terms: read.terms, own: true });
  const terms: PaymentTerms = { ...read.terms, moves: items.moves };
  const valid = [...read.checks, ...items.checks].every((check) => check.ok);
  return verdict([...read.checks, ...items.checks], read.order, terms, valid ? items.effect : undefined);
}

/** The quote, read once with the response schema; a quote that is not one is a failed check. */
function readQuote(quote: unknown): QuoteResponse | PaymentCheck {
  try {
    return parseResponse({ endpoint: "quote", body: structuredClone(quote) });
  } catch (error) {
    return {
      name: "order",
      ok: false,
      field: "quote",
      reason: "malformed-quote",
      expected: "a POST /quote/v2 answer",
      actual: error instanceof Error ? error.message.split("\n")[0] : String(error),
    };
  }
}

function verdict(
  checks: PaymentCheck[],
  order: VerifyOrderResult | null,
  terms: PaymentTerms | undefined,
  effect?: VerifyPaymentResult["effect"],
): VerifyPaymentReturnType {
  const failed = checks.find((check) => !check.ok);
  return {
    valid: failed === undefined,
    checks,
    order,
    ...(failed ? { failed } : {}),
    terms,
    ...(effect ? { effect } : {}),
  };
}
