import { externalExchange } from "./constants.js";
import { InvalidExchangeTransferError, type InvalidExchangeTransferErrorType } from "./errors.js";

/** Parameters of an external-exchange `transfer` action, as a withdrawal step item carries them. */
export type ExchangeTransferParameters = {
  /** The relayer account that executes the fill. */
  toAccountIndex: number;
  /** The transferred asset. */
  assetIndex: number;
  /** Route type debited on the sender account. */
  fromRouteType: number;
  /** Route type credited on the receiving account. */
  toRouteType: number;
  /** Amount in the asset's smallest unit. */
  amount: number | string;
  /** Exchange execution cost in USDC's smallest unit. */
  usdcFee: number | string;
  /** 32 bytes as hex that bind the transfer: the order id (the interface's text: the request id). */
  memo: string;
};

/** The `action` of an external-exchange withdrawal step item. */
export type ExchangeTransferAction = {
  type: "transfer";
  parameters: ExchangeTransferParameters;
};

export type ValidateExchangeTransferParameters = {
  /** The step item's `data.action`, as received. */
  action: unknown;
  /**
   * The id the memo must carry (0x followed by 64 hex digits): the order id, for the payment guard.
   * Omitted: only the memo's form (32 bytes of hex) is checked.
   */
  id?: string | undefined;
};

export type ValidateExchangeTransferReturnType = ExchangeTransferAction;

export type ValidateExchangeTransferErrorType = InvalidExchangeTransferErrorType;

const idPattern = /^0x[0-9a-fA-F]{64}$/;
const memoPattern = /^(0x)?[0-9a-fA-F]{64}$/;
const indexFields = ["toAccountIndex", "assetIndex", "fromRouteType", "toRouteType"] as const;

function isIntegerAmount(value: unknown): boolean {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0;
  return typeof value === "string" && /^[0-9]+$/.test(value);
}

/**
 * Checks the transfer an external-exchange withdrawal step asks the caller to submit: type `transfer`,
 * integer indexes and amounts (a positive `amount`), and a `memo` of 32 bytes as 64 hex digits (a `0x`
 * prefix is allowed, case is ignored), equal to `id` when one is given: `"0xAB…"`, `"ab…"` and
 * `"0xab…"` all match id `0xab…`.
 *
 * @param parameters - {@link ValidateExchangeTransferParameters}
 * @returns The action, typed and unchanged. {@link ValidateExchangeTransferReturnType}
 * @example
 * const action = validateExchangeTransfer({ action: item.data.action, id: orderId })
 */
export function validateExchangeTransfer({
  action,
  id,
}: ValidateExchangeTransferParameters): ValidateExchangeTransferReturnType {
  if (id !== undefined && (typeof id !== "string" || !idPattern.test(id)))
    throw new InvalidExchangeTransferError({ field: "id", reason: "invalid-id", value: id });
  if (typeof action !== "object" || action === null || Array.isArray(action))
    throw new InvalidExchangeTransferError({ field: "action", reason: "not-an-object", value: action });
  const { type, parameters } = action as { type?: unknown; parameters?: unknown };
  if (type !== externalExchange.transferActionType)
    throw new InvalidExchangeTransferError({ field: "action.type", reason: "wrong-type", value: type });
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters))
    throw new InvalidExchangeTransferError({
      field: "action.parameters",
      reason: "not-an-object",
      value: parameters,
    });
  const params = parameters as Record<string, unknown>;

  for (const name of indexFields) {
    const value = params[name];
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
      throw new InvalidExchangeTransferError({
        field: `action.parameters.${name}`,
        reason: "not-an-integer",
        value,
      });
  }
  for (const name of ["amount", "usdcFee"] as const) {
    if (!isIntegerAmount(params[name]))
      throw new InvalidExchangeTransferError({
        field: `action.parameters.${name}`,
        reason: "not-an-integer",
        value: params[name],
      });
  }
  if (BigInt(params.amount as number | string) === 0n)
    throw new InvalidExchangeTransferError({
      field: "action.parameters.amount",
      reason: "not-positive",
      value: 0,
    });

  const memo = params.memo;
  if (typeof memo !== "string")
    throw new InvalidExchangeTransferError({
      field: "action.parameters.memo",
      reason: "not-a-string",
      value: memo,
    });
  if (!memoPattern.test(memo))
    throw new InvalidExchangeTransferError({
      field: "action.parameters.memo",
      reason: "memo-malformed",
      value: memo,
      expected: "32 bytes as 64 hex digits (optionally 0x-prefixed, any case)",
    });
  const expected = id?.slice(2).toLowerCase();
  if (expected !== undefined && memo.replace(/^0x/, "").toLowerCase() !== expected)
    throw new InvalidExchangeTransferError({
      field: "action.parameters.memo",
      reason: "memo-mismatch",
      value: memo,
      expected: `${expected} (optionally 0x-prefixed, any case)`,
    });
  return action as ExchangeTransferAction;
}
