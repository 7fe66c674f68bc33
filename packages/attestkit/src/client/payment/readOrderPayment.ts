import type { Hex } from "viem";
import { BaseError } from "../../errors/BaseError.js";
import { hashOrder } from "../../orders/hashOrder.js";
import { type OrderStruct, toOrderStruct } from "../../orders/toOrderStruct.js";
import { deriveDepositAddress } from "../../orders/trustRoot/deriveDepositAddress.js";
import { normalizeAddress } from "../../orders/trustRoot/normalizeAddress.js";
import type { TrustedChain } from "../../orders/trustRoot/types.js";
import type { VerifyOrderResult } from "../../orders/types.js";
import { verifyQuote } from "../../orders/verifyQuote.js";
import { checkStepFields } from "./checkStepFields.js";
import type { ExpectedPayment } from "./effects/types.js";
import { checkOrderIntent } from "./intent/checkOrderIntent.js";
import type { PaymentCheck, PaymentSettings, ReadPaymentReturnType } from "./types.js";

/**
 * Reads a quote that carries an order (`protocol.v2`) into what its items must pay: the origin
 * chain's trust-root entry (refused when the trust root lacks it or its depository); the order,
 * hashed with the trust root's slugs, its signature and payment details verified (`verifyQuote`);
 * the order against the intent (`checkOrderIntent`); the deposit address derived from the order id
 * and the user by the trust root's rule; the steps' own `depositAddress` and `requestId`.
 *
 * @param settings - {@link PaymentSettings}
 * @returns The checks, the order's verdict and the terms. {@link ReadPaymentReturnType}
 * @example
 * const read = await readOrderPayment(settings)
 */
export async function readOrderPayment(settings: PaymentSettings): Promise<ReadPaymentReturnType> {
  const { intent, quote, root } = settings;
  const v2 = quote.protocol?.v2 as NonNullable<NonNullable<typeof quote.protocol>["v2"]>;
  const origin = root.byId.get(intent.originChainId);
  if (origin?.depository === undefined) return stop([unknownOrigin(intent.originChainId, origin)]);
  let struct: OrderStruct;
  try {
    struct = toOrderStruct({
      orderData: v2.orderData,
      chains: root.order,
      legacyBitcoinEncoding: settings.legacyBitcoinEncoding,
    });
  } catch (error) {
    return stop([malformed(error, "protocol.v2.orderData")]);
  }
  const signed = await readSignature(settings, v2);
  if (signed.order === undefined) return stop(signed.checks);
  const orderId = signed.order.orderId;
  const solver = (struct.version === "v1" ? struct.solver : struct.relayer).toLowerCase();
  const trustedSolver = settings.solvers.includes(solver) ? solver : undefined;
  const checks: PaymentCheck[] = [
    ...signed.checks,
    ...checkOrderIntent({
      struct,
      intent,
      quoted: {
        input: amountOf(quote.details?.currencyIn?.amount),
        output: amountOf(quote.details?.currencyOut?.amount),
      },
      root,
      trustedSolver,
      maxSlippageBps: settings.maxSlippageBps,
      maxDeadlineSeconds: settings.maxDeadlineSeconds,
      maxAmountIn: settings.maxAmountIn,
      nowSeconds: settings.nowSeconds,
      legacyBitcoinEncoding: settings.legacyBitcoinEncoding,
      orderData: v2.orderData,
    }),
  ];
  const user = normalizeAddress(intent.user, origin.vmType);
  const depositAddress = readDepositAddress(settings, origin, orderId, user, checks);
  const requestId = quote.requestId ?? quote.steps.find((step) => step.requestId)?.requestId ?? undefined;
  checks.push(...checkStepFields({ steps: quote.steps, depositAddress, requestId }));
  const input = struct.version === "v1" ? struct.inputs[0]?.payment : struct.input;
  const currency = normalizeAddress(intent.originCurrency, origin.vmType);
  const depository = normalizeAddress(origin.depository, origin.vmType);
  const expected: ExpectedPayment = {
    chainId: origin.id,
    currency,
    amount: input?.amount ?? 0n,
    orderId,
    depositor: user,
    // A ReceiveWithAuthorization is submitted by its payee: the order's solver, trusted (the
    // depository has no EIP-3009 entry, so an authorization paying it credits nothing to the order).
    authorizationPayees: new Set(trustedSolver ? [trustedSolver] : []),
    depository,
    recipient: undefined,
    operation: undefined,
  };
  const context = {
    intent,
    origin,
    orderId,
    user,
    currency,
    native: origin.vmType === "ethereum-vm" && /^0x0{40}$/.test(currency),
    depositAddress,
    trustedSolver,
    nowSeconds: settings.nowSeconds,
    orderDeadline: struct.version === "v1" ? struct.output.deadline : struct.deadline,
    limits: settings.limits,
  };
  return {
    checks,
    order: signed.order,
    terms: { context, expected, selfExecuted: false, moves: [], acceptItems: settings.acceptItems },
  };
}

/**
 * The order's own checks (`verifyQuote`: the id recomputed, the signature, the signer, the payment
 * details, the depository). Without a signature only the recomputed id is compared, and the quote is
 * refused: the order verdict is then undefined.
 */
async function readSignature(
  settings: PaymentSettings,
  v2: Record<string, unknown>,
): Promise<{ checks: PaymentCheck[]; order: VerifyOrderResult | undefined }> {
  const options = { chains: settings.root.order, legacyBitcoinEncoding: settings.legacyBitcoinEncoding };
  try {
    if (v2.orderSignature === undefined || v2.orderSignature === null) {
      const orderId = hashOrder({ orderData: v2.orderData, ...options });
      const given = typeof v2.orderId === "string" ? v2.orderId.toLowerCase() : String(v2.orderId);
      return {
        order: undefined,
        checks: [
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
        ],
      };
    }
    const order = await verifyQuote({ quote: v2, solvers: settings.solvers, ...options });
    return { checks: [...order.checks], order };
  } catch (error) {
    return { checks: [malformed(error, "protocol.v2")], order: undefined };
  }
}

/** The deposit address the trust root derives, when the intent asks for one; a failed check when it cannot. */
function readDepositAddress(
  settings: PaymentSettings,
  origin: TrustedChain,
  orderId: Hex,
  user: string,
  checks: PaymentCheck[],
): string | undefined {
  if (settings.intent.useDepositAddress !== true) return undefined;
  const rule = origin.depositAddress;
  const derived = rule === undefined ? undefined : deriveDepositAddress({ rule, orderId, depositor: user });
  if (derived === undefined)
    checks.push({
      name: "trustRoot",
      ok: false,
      field: `trustRoot.chains[id ${origin.id}].depositAddress`,
      reason: rule === undefined ? "no-deposit-address-rule" : "deposit-address-not-derived",
      expected: `a deposit-address rule for chain ${origin.id} (factory and init code hash) in the trust root`,
      actual: rule === undefined ? "none" : `a rule that gives no address for ${user}`,
    });
  return derived === undefined ? undefined : normalizeAddress(derived, origin.vmType);
}

/** The origin chain is not one the trust root can pay on. */
function unknownOrigin(id: number, origin: TrustedChain | undefined): PaymentCheck {
  return {
    name: "trustRoot",
    ok: false,
    field: "intent.originChainId",
    reason: origin === undefined ? "unknown-origin-chain" : "no-trusted-depository",
    expected: `chain ${id} with its depository in the trust root`,
    actual: origin === undefined ? "not listed" : `${origin.slug}, listed without a depository`,
  };
}

function stop(checks: PaymentCheck[]): ReadPaymentReturnType {
  return { checks, order: null, terms: undefined };
}

/**
 * A quote amount (`details.currencyIn.amount`), undefined when absent; -1 (never a signed amount, so
 * the checks that read it fail) when it is there but no integer.
 */
function amountOf(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  return (typeof value === "string" || typeof value === "number") && /^[0-9]+$/.test(String(value))
    ? BigInt(value)
    : -1n;
}

/** An order the guard cannot read: refused, naming the field and the error. */
function malformed(error: unknown, where: string): PaymentCheck {
  // Only attestkit's typed errors describe the order; anything else is a fault, not a verdict.
  if (!(error instanceof BaseError)) throw error;
  const field = (error as { field?: unknown }).field;
  // An order naming a chain the trust root does not list cannot be hashed: the trust root lacks it.
  const unknownChain = error.name === "UnknownOrderChainError";
  return {
    name: "order",
    ok: false,
    field: typeof field === "string" ? field : where,
    reason: unknownChain ? "unknown-order-chain" : "malformed-order",
    expected: unknownChain
      ? "every chain the order names, with its slug and VM, in the trust root"
      : "a well-formed order",
    actual: error.shortMessage,
  };
}
