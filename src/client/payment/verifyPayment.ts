import { type Hex, zeroAddress } from "viem";
import { BaseError } from "../../errors/BaseError.js";
import { evmDepository } from "../../orders/constants.js";
import { hashOrder } from "../../orders/hashOrder.js";
import { type OrderStruct, toOrderStruct } from "../../orders/toOrderStruct.js";
import type { LegacyBitcoinEncoding, VerifyOrderResult } from "../../orders/types.js";
import { verifyQuote } from "../../orders/verifyQuote.js";
import type { InvalidRequestError } from "../../schemas/errors.js";
import type { Step } from "../../schemas/index.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { parseSteps } from "../steps/parseSteps.js";
import { checkOrderIntent } from "./checkOrderIntent.js";
import { checkStepItems } from "./checkStepItems.js";
import { toPaymentChains } from "./toPaymentChains.js";
import type {
  PaymentChain,
  PaymentCheck,
  PaymentIntent,
  PaymentTerms,
  VerifyPaymentResult,
} from "./types.js";

/** Slippage the guard allows when the intent sets none (the service then picks one): 5 %. */
export const defaultMaxSlippageBps = 500;

export type VerifyPaymentParameters = {
  /** The quote: its `steps`, `protocol.v2`, `details` and `requestId`. */
  quote: unknown;
  /** What the caller asked for: the `POST /quote/v2` body. */
  intent: PaymentIntent;
  /** A `GET /chains` answer: slugs, VMs, depositories and the contracts approvals may name. */
  chains: unknown;
  /** Solvers whose signature is accepted; the live solver when omitted. */
  solvers?: readonly string[] | undefined;
  /** Slippage allowed when the intent sets no `slippageTolerance`, in basis points. Default 500. */
  maxSlippageBps?: number | undefined;
  /** Items accepted without decoding, by name: a step id (all its items) or `stepId[index]`. */
  acceptItems?: readonly string[] | undefined;
  /** Needed only for orders that carry a legacy Bitcoin address. */
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
  /** The clock, Unix milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined;
};

export type VerifyPaymentReturnType = VerifyPaymentResult & {
  /** What every step item must pay; undefined when the order could not be read. */
  terms: PaymentTerms | undefined;
};

export type VerifyPaymentErrorType = InvalidRequestError;

/**
 * The payment guard's verdict on a quote, before anything is sent: is it the order the solver
 * signed, is that order what the caller asked for, and does every step item pay exactly it?
 *
 * 1. The order (`protocol.v2`, see `verifyOrder`): present; `orderId` recomputed from `orderData`;
 *    `orderSignature` present and by an allowed solver; `paymentDetails` equal to the signed input;
 *    the depository the chain's known one.
 * 2. The intent (see `checkOrderIntent`): origin, amount by trade type, the input shown, destination,
 *    currency, recipient, minimum output within the allowed slippage, refund address, fees, deadline.
 * 3. Every step item not yet complete (see `checkStepItems`): deposits, approvals, deposit-address
 *    transfers, EIP-3009 authorizations, PSBTs and exchange transfers, against the signed amount,
 *    the order id and the chain's contracts; anything undecoded only when accepted by name.
 *
 * A quote that breaks a rule is a verdict (`valid: false`, every check listed); only a malformed
 * intent throws.
 *
 * @param parameters - {@link VerifyPaymentParameters}
 * @returns The verdict, every check and the terms. {@link VerifyPaymentReturnType}
 * @throws InvalidRequestError when the intent is not a valid quote request.
 * @example
 * const { valid, checks } = await verifyPayment({ quote, intent, chains: await client.getChains() })
 * if (!valid) throw new Error(checks.filter((c) => !c.ok).map((c) => c.reason).join())
 */
export async function verifyPayment(parameters: VerifyPaymentParameters): Promise<VerifyPaymentReturnType> {
  const { quote, intent, legacyBitcoinEncoding } = parameters;
  validateRequest({ endpoint: "quote", body: intent });
  const nowSeconds = Math.floor((parameters.now ?? Date.now)() / 1000);
  const chains = toPaymentChains({ chains: parameters.chains });
  const body = (quote ?? {}) as Record<string, unknown>;
  const steps: Step[] = parseSteps(body.steps ?? []);
  const checks: PaymentCheck[] = [];
  const done = (
    order: VerifyOrderResult | null,
    terms: PaymentTerms | undefined,
  ): VerifyPaymentReturnType => {
    const failed = checks.find((check) => !check.ok);
    return { valid: failed === undefined, checks, order, ...(failed ? { failed } : {}), terms };
  };

  const protocol = body.protocol as { v2?: Record<string, unknown> | null } | null | undefined;
  const v2 = protocol?.v2;
  if (v2 === undefined || v2 === null || typeof v2 !== "object") {
    // A same-chain quote the caller executes itself (its own swap, wrap or transfer) has no order to
    // prove: asking again with forceSolverExecution gets one; else the guard must be turned off.
    const details = body.details as
      | {
          currencyIn?: { currency?: { chainId?: unknown } };
          currencyOut?: { currency?: { chainId?: unknown } };
        }
      | null
      | undefined;
    const inChain = details?.currencyIn?.currency?.chainId;
    const sameChain = inChain !== undefined && inChain === details?.currencyOut?.currency?.chainId;
    checks.push({
      name: "order",
      ok: false,
      field: "protocol.v2",
      reason: "missing-order",
      expected: sameChain
        ? "the solver-signed order: a same-chain quote executed by the caller carries none (quote with forceSolverExecution: true for one, or run it with verify: false after checking its steps)"
        : "the solver-signed order (includeProtocolData: true)",
      actual: "none",
    });
    return done(null, undefined);
  }
  let struct: OrderStruct;
  let orderId: Hex;
  try {
    struct = toOrderStruct({ orderData: v2.orderData, chains: chains.order, legacyBitcoinEncoding });
    orderId = hashOrder({ orderData: v2.orderData, chains: chains.order, legacyBitcoinEncoding });
  } catch (error) {
    checks.push(malformed(error, "protocol.v2.orderData"));
    return done(null, undefined);
  }

  let order: VerifyOrderResult | null = null;
  if (v2.orderSignature === undefined || v2.orderSignature === null) {
    const given = typeof v2.orderId === "string" ? v2.orderId.toLowerCase() : String(v2.orderId);
    checks.push(
      given === orderId
        ? { name: "orderId", ok: true, expected: orderId, actual: given }
        : { name: "orderId", ok: false, reason: "orderId-mismatch", expected: orderId, actual: given },
      {
        name: "signature",
        ok: false,
        field: "protocol.v2.orderSignature",
        reason: "missing-signature",
        expected: "the solver's signature (includeProtocolData: true)",
        actual: "none",
      },
    );
  } else
    try {
      order = await verifyQuote({
        quote: v2,
        chains: chains.order,
        solvers: parameters.solvers,
        legacyBitcoinEncoding,
      });
      checks.push(...order.checks);
    } catch (error) {
      checks.push(malformed(error, "protocol.v2"));
      return done(null, undefined);
    }

  const details = body.details as
    | { currencyIn?: { amount?: unknown }; currencyOut?: { amount?: unknown } }
    | undefined;
  checks.push(
    ...checkOrderIntent({
      struct,
      intent,
      quoted: {
        input: amountOf(details?.currencyIn?.amount),
        output: amountOf(details?.currencyOut?.amount),
      },
      chains,
      maxSlippageBps: parameters.maxSlippageBps ?? defaultMaxSlippageBps,
      nowSeconds,
      legacyBitcoinEncoding,
    }),
  );

  const origin: PaymentChain = chains.byId.get(intent.originChainId) ?? {
    id: intent.originChainId,
    slug: undefined,
    vmType: undefined,
    depository: undefined,
    spenders: new Set(),
  };
  // The chain's own depository, never the quote's word for it (`paymentDetails` is not signed).
  const depository = origin.depository ?? (origin.vmType === "ethereum-vm" ? evmDepository : undefined);
  if (depository === undefined) {
    checks.push({
      name: "depository",
      ok: false,
      reason: "unknown-depository",
      expected: `a depository listed for chain ${intent.originChainId}`,
      actual: "none",
    });
    return done(order, undefined);
  }
  const input = struct.version === "v1" ? struct.inputs[0]?.payment : struct.input;
  const terms: PaymentTerms = {
    requestId:
      typeof body.requestId === "string"
        ? body.requestId
        : (steps.find((step) => step.requestId)?.requestId ?? undefined),
    orderId,
    solver: (struct.version === "v1" ? struct.solver : struct.relayer).toLowerCase(),
    origin,
    currency: intent.originCurrency,
    native: origin.vmType === "ethereum-vm" && intent.originCurrency.toLowerCase() === zeroAddress,
    user: intent.user,
    amount: input?.amount ?? 0n,
    depository,
    acceptItems: new Set(parameters.acceptItems ?? []),
    nowSeconds,
  };
  checks.push(...checkStepItems({ steps, terms }));
  return done(order, terms);
}

/** A quote amount (`details.currencyIn.amount`), undefined when absent or not an integer. */
function amountOf(value: unknown): bigint | undefined {
  return (typeof value === "string" || typeof value === "number") && /^[0-9]+$/.test(String(value))
    ? BigInt(value)
    : undefined;
}

/** An order the guard cannot read: refused, naming the field and the error. */
function malformed(error: unknown, where: string): PaymentCheck {
  // Only attestkit's typed errors describe the order; anything else is a fault, not a verdict.
  if (!(error instanceof BaseError)) throw error;
  const field = (error as { field?: unknown }).field;
  return {
    name: "order",
    ok: false,
    field: typeof field === "string" ? field : where,
    reason: "malformed-order",
    expected: "a well-formed order",
    actual: error.shortMessage,
  };
}
