import type { StatusResponse } from "../schemas/index.js";
import type { DepositAdjustments } from "./compareDepositTerms.js";

/** A decimal integer string, or undefined. */
function integerText(value: unknown): string | undefined {
  return typeof value === "string" && /^[0-9]{1,78}$/.test(value) ? value : undefined;
}

/**
 * What the service recorded doing to the deposit's amount, read from the status's `details`: the
 * excess it refunded (`excessRefund.amount`) and the amount an open deposit address was quoted
 * again for (`requote.amountIn`, with the output `requote.amountOut`). Anything else there is ignored.
 *
 * @param status - The status endpoint's answer.
 * @returns The adjustments and the re-quoted output (smallest units), each only when recorded.
 * @example
 * const { adjustments, requotedAmountOut } = readDepositAdjustments(status)
 */
export function readDepositAdjustments(status: StatusResponse): {
  adjustments: DepositAdjustments;
  requotedAmountOut: string | undefined;
} {
  const details = (status.details ?? {}) as {
    excessRefund?: { amount?: unknown } | null;
    requote?: { amountIn?: unknown; amountOut?: unknown } | null;
  };
  const excess = integerText(details.excessRefund?.amount);
  const requotedAmountIn = integerText(details.requote?.amountIn);
  return {
    adjustments: {
      ...(excess ? { excess: BigInt(excess) } : {}),
      ...(requotedAmountIn ? { requotedAmountIn } : {}),
    },
    requotedAmountOut: integerText(details.requote?.amountOut),
  };
}
