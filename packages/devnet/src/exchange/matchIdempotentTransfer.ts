import { ExchangeError } from "./errors.js";
import type { ParsedTransferRequest } from "./parseTransferRequest.js";
import type { ExchangeTransfer } from "./types.js";

/**
 * Decides a resubmitted `clientTransferId` (README, "Idempotency"): the same parameters answer the
 * first transfer again (no second debit, no second event); any other parameter is a conflict. The
 * debited account is the same by construction (ids are per account).
 *
 * @param previous - The transfer the account made with this client id. {@link ExchangeTransfer}
 * @param request - The resubmitted request, parsed. {@link ParsedTransferRequest}
 * @returns `previous`, to be answered with `duplicate: true`.
 * @throws {ExchangeError} `IDEMPOTENCY_CONFLICT` (409) when a parameter differs.
 * @example
 * matchIdempotentTransfer(previous, parsed) // previous, or throws
 */
export function matchIdempotentTransfer(
  previous: ExchangeTransfer,
  request: ParsedTransferRequest,
): ExchangeTransfer {
  const same =
    previous.toAccountIndex === request.toAccountIndex &&
    previous.assetIndex === request.assetIndex &&
    previous.fromRouteType === request.fromRouteType &&
    previous.toRouteType === request.toRouteType &&
    previous.amount === request.amount &&
    previous.usdcFee === request.usdcFee &&
    previous.memo === request.memo;
  if (!same)
    throw new ExchangeError({
      code: "IDEMPOTENCY_CONFLICT",
      field: "clientTransferId",
      value: request.clientTransferId,
      detail: `transfer ${previous.transferId} used it`,
    });
  return previous;
}
