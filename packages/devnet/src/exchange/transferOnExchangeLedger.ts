import { applyExchangeTransfer } from "./applyExchangeTransfer.js";
import { buildExchangeTransfer } from "./buildExchangeTransfer.js";
import { checkTransferBalances } from "./checkTransferBalances.js";
import { ExchangeError } from "./errors.js";
import { hashExchangeApiKey } from "./hashExchangeApiKey.js";
import { matchIdempotentTransfer } from "./matchIdempotentTransfer.js";
import { parseTransferRequest, type TransferRequest } from "./parseTransferRequest.js";
import type { ExchangeLedgerState, ExchangeTransfer } from "./types.js";

export type TransferOnExchangeLedgerParameters = {
  /** The `Authorization: Bearer` key: it names the debited account. */
  apiKey: string | undefined;
  /** The body as sent; checked by `parseTransferRequest`. */
  request: TransferRequest | unknown;
};

/**
 * Makes a transfer on the ledger (README, "Transfers"), checks in this order: the key
 * (`UNAUTHORIZED`), the request's fields, the debited account (a key debits only its own,
 * `FORBIDDEN`), a resubmitted client id (`matchIdempotentTransfer`), then the accounts and balances
 * (`checkTransferBalances`). A new transfer is journaled, applied, then each listener hears of it (a
 * listener that throws is logged, the others still run).
 *
 * @param state - The ledger. {@link ExchangeLedgerState}
 * @param parameters - {@link TransferOnExchangeLedgerParameters}
 * @returns The transfer, and whether it repeats an earlier one (`duplicate`).
 * @throws {ExchangeError} `UNAUTHORIZED`, `FORBIDDEN`, invalid fields, `IDEMPOTENCY_CONFLICT`,
 * `UNKNOWN_ACCOUNT`, `SAME_ROUTE`, `INSUFFICIENT_BALANCE`, `BALANCE_OVERFLOW`.
 * @example
 * const { transfer } = transferOnExchangeLedger(state, { apiKey, request: { toAccountIndex: 1000, ... } })
 */
export function transferOnExchangeLedger(
  state: ExchangeLedgerState,
  { apiKey, request }: TransferOnExchangeLedgerParameters,
): { transfer: ExchangeTransfer; duplicate: boolean } {
  const from =
    typeof apiKey === "string" && apiKey.length > 0
      ? state.keyAccounts.get(hashExchangeApiKey(apiKey))
      : undefined;
  if (from === undefined) throw new ExchangeError({ code: "UNAUTHORIZED" });
  const parsed = parseTransferRequest(request);
  if (parsed.fromAccountIndex !== undefined && parsed.fromAccountIndex !== from)
    throw new ExchangeError({
      code: "FORBIDDEN",
      field: "fromAccountIndex",
      value: parsed.fromAccountIndex,
      detail: `the key debits account ${from}`,
    });
  const previous =
    parsed.clientTransferId === undefined
      ? undefined
      : state.byClientId.get(`${from}:${parsed.clientTransferId}`);
  if (previous) return { transfer: matchIdempotentTransfer(previous, parsed), duplicate: true };

  checkTransferBalances({
    from,
    sender: state.balances.get(from),
    receiver: state.balances.get(parsed.toAccountIndex),
    request: parsed,
  });
  const transfer = buildExchangeTransfer({
    transferId: state.transfers.length + 1,
    from,
    request: parsed,
    createdAt: state.now(),
  });
  state.keep({ type: "transfer", transfer });
  applyExchangeTransfer(state, transfer);
  for (const listener of state.listeners) {
    try {
      listener(transfer);
    } catch (error) {
      state.log(`exchange transfer listener: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { transfer, duplicate: false };
}
