import type { PaymentCheck } from "../types.js";
import { fail, type IntentContext, pass } from "./intentContext.js";

/** How far the service's clock may run ahead of the caller's when a deadline is bounded: 60 s. */
const deadlineClockSkewSeconds = 60;

/**
 * `deadline`: the order can still be filled (its fill deadline is after now), and it does not hold
 * the payment longer than the caller allows: at most the intent's `ttl` from now (the interface: a
 * request not filled within its ttl is refunded), or `maxDeadlineSeconds` when the intent names no
 * ttl, plus {@link deadlineClockSkewSeconds}.
 *
 * @param context - {@link IntentContext}
 * @param nowSeconds - Unix seconds now.
 * @param maxDeadlineSeconds - The window allowed when the intent names no `ttl`.
 * @returns One check.
 * @example
 * checks.push(...checkOrderDeadline(context, now, 3600))
 */
export function checkOrderDeadline(
  context: IntentContext,
  nowSeconds: number,
  maxDeadlineSeconds: number,
): PaymentCheck[] {
  const { order, intent } = context;
  const { path, value } = order.deadline;
  if (value <= nowSeconds)
    return [fail("deadline", path, "order-expired", `after ${nowSeconds}`, value.toString())];
  const window = intent.ttl ?? maxDeadlineSeconds;
  const latest = nowSeconds + window + deadlineClockSkewSeconds;
  if (value > latest)
    return [
      fail(
        "deadline",
        path,
        "deadline-beyond-window",
        `at most ${latest} (${intent.ttl === undefined ? `maxDeadlineSeconds ${maxDeadlineSeconds}` : `the intent's ttl ${intent.ttl}`} s from now)`,
        value.toString(),
      ),
    ];
  return [pass("deadline", path, value.toString(), { deadline: value })];
}
