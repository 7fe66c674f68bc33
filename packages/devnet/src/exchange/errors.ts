import { BaseError, showValue } from "attestkit";

/**
 * Why the exchange refuses a request: the code it answers, its HTTP status, and what it means. One
 * table, both the documentation and the data.
 */
export const exchangeErrorCodes = {
  UNAUTHORIZED: { status: 401, meaning: "no API key, or one the exchange does not know" },
  FORBIDDEN: { status: 403, meaning: "the API key belongs to another account than the one debited" },
  INVALID_REQUEST: { status: 400, meaning: "the body is not a JSON object" },
  INVALID_ACCOUNT_INDEX: { status: 400, meaning: "an account index is not a non-negative integer" },
  UNKNOWN_ACCOUNT: { status: 400, meaning: "no account has this index" },
  ACCOUNT_NOT_FOUND: { status: 404, meaning: "no account has this index" },
  UNKNOWN_ASSET: { status: 400, meaning: "no asset has this index" },
  UNKNOWN_ROUTE_TYPE: { status: 400, meaning: "the route type is not 0 (perp) or 1 (spot)" },
  INVALID_AMOUNT: { status: 400, meaning: "the amount is not a positive integer up to 2^63 - 1" },
  INVALID_FEE: { status: 400, meaning: "usdcFee is not a non-negative integer up to 2^63 - 1" },
  INVALID_MEMO: { status: 400, meaning: "the memo is not 32 bytes of hex (0x optional)" },
  INVALID_CLIENT_TRANSFER_ID: {
    status: 400,
    meaning: "clientTransferId is not 1-64 letters, digits, '-', '_', ':' or '.'",
  },
  SAME_ROUTE: { status: 400, meaning: "the transfer debits and credits the same account and route" },
  INSUFFICIENT_BALANCE: { status: 400, meaning: "the debited balance does not cover the amount and the fee" },
  BALANCE_OVERFLOW: { status: 400, meaning: "the credited balance would exceed 2^63 - 1" },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    meaning: "the clientTransferId was already used by this account for a different transfer",
  },
  TRANSFER_NOT_FOUND: { status: 404, meaning: "no transfer has this id" },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ExchangeErrorCode = keyof typeof exchangeErrorCodes;

/** The exchange refused a request. `code` and `status` are what its API answers. */
export class ExchangeError extends BaseError {
  readonly code: ExchangeErrorCode;
  readonly status: (typeof exchangeErrorCodes)[ExchangeErrorCode]["status"];
  /** The request field at fault, if one is. */
  readonly field: string | undefined;
  readonly value: unknown;
  constructor({
    code,
    field,
    value,
    detail,
  }: {
    code: ExchangeErrorCode;
    field?: string | undefined;
    value?: unknown;
    /** What exactly was wrong (amounts, indexes). */
    detail?: string | undefined;
  }) {
    const where = field
      ? `Field "${field}"${value !== undefined ? ` (${showValue(value, 100)})` : ""}: `
      : "";
    super(`${where}${exchangeErrorCodes[code].meaning}${detail ? ` (${detail})` : ""}.`, {
      name: "ExchangeError",
      metaMessages: [`code: ${code}`],
    });
    this.code = code;
    this.status = exchangeErrorCodes[code].status;
    this.field = field;
    this.value = value;
  }
}

/** {@link ExchangeError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type ExchangeErrorType = ExchangeError & { name: "ExchangeError" };

/** A journal given to `createExchangeLedger` does not replay onto its accounts. */
export class ExchangeLedgerReplayError extends BaseError {
  /** The entry's position in the journal. */
  readonly entryIndex: number;
  constructor({ entryIndex, reason, cause }: { entryIndex: number; reason: string; cause?: unknown }) {
    super(`Entry ${entryIndex} of the exchange ledger's journal does not replay: ${reason}.`, {
      name: "ExchangeLedgerReplayError",
      cause,
      metaMessages: ["The journal was written for other accounts, or changed since."],
    });
    this.entryIndex = entryIndex;
  }
}

/** {@link ExchangeLedgerReplayError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type ExchangeLedgerReplayErrorType = ExchangeLedgerReplayError & { name: "ExchangeLedgerReplayError" };
