import type { DevnetRequest } from "../state/types.js";

/**
 * What a request's refund sent back (`details.refund.amount`), smallest units of the input.
 *
 * @param request - The request.
 * @returns The amount; 0 without a refund or when it is not decimal digits.
 * @example
 * requestRefundAmount(request) // 1000000n
 */
export function requestRefundAmount(request: DevnetRequest): bigint {
  const amount = request.details?.refund?.amount;
  return amount !== undefined && /^[0-9]+$/.test(amount) ? BigInt(amount) : 0n;
}
