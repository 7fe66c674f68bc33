import type { OrderStruct } from "../../../orders/toOrderStruct.js";
import type { ResolvedTrustRoot } from "../../../orders/trustRoot/types.js";
import type { LegacyBitcoinEncoding } from "../../../orders/types.js";
import type { PaymentCheck, PaymentIntent } from "../types.js";
import { checkOrderAmount } from "./checkOrderAmount.js";
import { checkOrderCalls } from "./checkOrderCalls.js";
import { checkOrderDeadline } from "./checkOrderDeadline.js";
import { checkOrderDestination } from "./checkOrderDestination.js";
import { checkOrderFees } from "./checkOrderFees.js";
import { checkOrderMinimum } from "./checkOrderMinimum.js";
import { checkOrderOrigin } from "./checkOrderOrigin.js";
import { checkOrderRefunds } from "./checkOrderRefunds.js";
import { fail, pass } from "./intentContext.js";
import { readOrderTerms } from "./readOrderTerms.js";

export type CheckOrderIntentParameters = {
  /** The signed order, as `toOrderStruct` reads it (addresses as the bytes of their VM). */
  struct: OrderStruct;
  /** What the caller asked for. */
  intent: PaymentIntent;
  /** The amounts the quote shows (`details.currencyIn.amount`, `details.currencyOut.amount`). */
  quoted: { input: bigint | undefined; output: bigint | undefined };
  /** Chains, slugs and VMs: from the caller's trust root, never from the service. */
  root: ResolvedTrustRoot;
  /** The order's solver when the caller trusts it (lowercase), else undefined. */
  trustedSolver: string | undefined;
  /** Slippage allowed when the intent sets no `slippageTolerance`, in basis points. */
  maxSlippageBps: number;
  /** The fill window allowed when the intent sets no `ttl`, in seconds. */
  maxDeadlineSeconds: number;
  /** The most the caller pays (smallest unit); undefined: no bound beyond the trade type's. */
  maxAmountIn?: bigint | undefined;
  /** Unix seconds now. */
  nowSeconds: number;
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
  /** The order as the quote gives it (`protocol.v2.orderData`), for the address texts it carries. */
  orderData?: unknown;
};

/**
 * Checks that a signed order is what the caller asked for, part by part: its solver (one the caller
 * trusts, `solver`), the origin
 * (`checkOrderOrigin`), the amount by trade type (`checkOrderAmount`), the destination and its
 * recipient (`checkOrderDestination`), the minimum output (`checkOrderMinimum`), every refund leg
 * (`checkOrderRefunds`), the destination calls (`checkOrderCalls`), the fees (`checkOrderFees`) and
 * the fill deadline (`checkOrderDeadline`). Chains are named by the trust root's slugs only.
 *
 * @param parameters - {@link CheckOrderIntentParameters}
 * @returns Every check, in that order.
 * @example
 * const checks = checkOrderIntent({ struct, intent, quoted, root, trustedSolver, maxSlippageBps: 500, maxDeadlineSeconds: 3600, nowSeconds })
 */
export function checkOrderIntent(parameters: CheckOrderIntentParameters): PaymentCheck[] {
  const { struct, intent, quoted, root, legacyBitcoinEncoding, orderData } = parameters;
  const context = { order: readOrderTerms(struct), intent, root, legacyBitcoinEncoding, orderData };
  const solverPath = struct.version === "v1" ? "orderData.solver" : "orderData.relayer";
  return [
    // The order names who fills it: a solver the caller trusts, whoever signed it.
    parameters.trustedSolver === undefined
      ? fail("solver", solverPath, "untrusted-solver", "a solver the caller trusts", context.order.solver)
      : pass("solver", solverPath, context.order.solver),
    ...checkOrderOrigin(context),
    ...checkOrderAmount(context, quoted.input, parameters.maxAmountIn),
    ...checkOrderDestination(context),
    ...checkOrderMinimum(context, quoted.output, parameters.maxSlippageBps),
    ...checkOrderRefunds(context),
    ...checkOrderCalls(context),
    ...checkOrderFees(context, parameters.trustedSolver),
    ...checkOrderDeadline(context, parameters.nowSeconds, parameters.maxDeadlineSeconds),
  ];
}
