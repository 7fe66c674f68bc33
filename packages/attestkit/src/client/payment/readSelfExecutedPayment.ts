import { zeroAddress } from "viem";
import { normalizeAddress } from "../../orders/trustRoot/normalizeAddress.js";
import type { TrustedChain } from "../../orders/trustRoot/types.js";
import { checkStepFields } from "./checkStepFields.js";
import type { ExpectedPayment } from "./effects/types.js";
import type { PaymentCheck, PaymentSettings, ReadPaymentReturnType } from "./types.js";

/**
 * Reads a quote without an order. Only a same-chain intent may come without one (the interface:
 * same-chain swaps are self-executed by default); its items are then checked against the intent
 * alone: a send of the currency to the recipient, a wrap or an unwrap of the trust root's wrapped
 * native currency, each of exactly `amount`. A swap cannot be decoded: its items run only when the
 * caller accepts them. A cross-chain quote without an order is refused, and so is a same-chain one
 * whose intent asks for what only the solver does (calls, app fees, a deposit address, a permit,
 * sponsored fees, `forceSolverExecution`): dropping its order would drop them.
 *
 * @param settings - {@link PaymentSettings}
 * @returns The checks and the terms. {@link ReadPaymentReturnType}
 * @example
 * const read = readSelfExecutedPayment(settings)
 */
export function readSelfExecutedPayment(settings: PaymentSettings): ReadPaymentReturnType {
  const { intent, quote, root } = settings;
  if (intent.originChainId !== intent.destinationChainId || needsSolver(intent))
    return {
      checks: [
        {
          name: "order",
          ok: false,
          field: "protocol.v2",
          reason: "missing-order",
          expected: "the solver-signed order (includeProtocolData: true)",
          actual: "none",
        },
      ],
      order: null,
      terms: undefined,
    };
  const origin: TrustedChain = root.byId.get(intent.originChainId) ?? {
    id: intent.originChainId,
    slug: `(chain ${intent.originChainId})`,
    vmType: "ethereum-vm",
  };
  const user = normalizeAddress(intent.user, origin.vmType);
  const currency = normalizeAddress(intent.originCurrency, origin.vmType);
  const recipient = normalizeAddress(intent.recipient ?? intent.user, origin.vmType);
  const checks: PaymentCheck[] = [];
  if (recipient === zeroAddress)
    checks.push({
      name: "recipient",
      ok: false,
      field: "intent.recipient",
      reason: "zero-recipient",
      expected: "an address that can receive",
      actual: recipient,
    });
  const requestId = quote.requestId ?? quote.steps.find((step) => step.requestId)?.requestId ?? undefined;
  checks.push(...checkStepFields({ steps: quote.steps, depositAddress: undefined, requestId }));
  const expected: ExpectedPayment = {
    chainId: origin.id,
    currency,
    amount: BigInt(intent.amount),
    orderId: undefined,
    depositor: user,
    authorizationPayees: new Set(),
    depository: undefined,
    recipient,
    operation: operationOf(currency, normalizeAddress(intent.destinationCurrency, origin.vmType), origin),
  };
  const context = {
    intent,
    origin,
    orderId: undefined,
    user,
    currency,
    native: currency === zeroAddress,
    depositAddress: undefined,
    trustedSolver: undefined,
    nowSeconds: settings.nowSeconds,
    orderDeadline: undefined,
    limits: settings.limits,
  };
  return {
    checks,
    order: null,
    terms: { context, expected, selfExecuted: true, moves: [], acceptItems: settings.acceptItems },
  };
}

/**
 * Whether the intent asks for what only the solver does, so its quote must carry an order: calls,
 * app fees, a deposit address, a permit, sponsored fees, or solver execution itself.
 */
function needsSolver(intent: PaymentSettings["intent"]): boolean {
  const flags = intent as {
    forceSolverExecution?: unknown;
    useDepositAddress?: unknown;
    usePermit?: unknown;
    subsidizeFees?: unknown;
  };
  return (
    (intent.txs?.length ?? 0) > 0 ||
    (intent.appFees?.length ?? 0) > 0 ||
    flags.forceSolverExecution === true ||
    flags.useDepositAddress === true ||
    flags.usePermit === true ||
    flags.subsidizeFees === true
  );
}

/** What the intent's currencies call for: a send, a wrap, an unwrap, or (undefined) a swap. */
function operationOf(from: string, to: string, origin: TrustedChain): ExpectedPayment["operation"] {
  const weth = origin.wrappedNative?.toLowerCase();
  if (from === to) return "send";
  if (from === zeroAddress && to === weth) return "wrap";
  if (from === weth && to === zeroAddress) return "unwrap";
  return undefined;
}
