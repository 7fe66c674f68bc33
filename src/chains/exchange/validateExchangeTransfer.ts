import { externalExchange } from "./constants.js";
import { InvalidExchangeTransferError } from "./errors.js";

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
  /** The request id's 32 bytes as hex, correlating the transfer with the order. */
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
  /** The step's `requestId` (0x followed by 64 hex digits). */
  requestId: string;
};

export type ValidateExchangeTransferReturnType = ExchangeTransferAction;

export type ValidateExchangeTransferErrorType = InvalidExchangeTransferError;

const requestIdPattern = /^0x[0-9a-fA-F]{64}$/;
const memoPattern = /^(0x)?[0-9a-fA-F]{64}$/;
const indexFields = ["toAccountIndex", "assetIndex", "fromRouteType", "toRouteType"] as const;

function isIntegerAmount(value: unknown): boolean {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0;
  return typeof value === "string" && /^[0-9]+$/.test(value);
}

/**
 * Checks the transfer an external-exchange withdrawal step asks the caller to submit: type `transfer`,
 * integer indexes and amounts (a positive `amount`), and a `memo` equal to the request id. The memo is
 * the request id's 32 bytes as 64 hex digits; a `0x` prefix is allowed and case is ignored, so
 * `"0xAB…"`, `"ab…"` and `"0xab…"` all match request id `0xab…`.
 *
 * @param parameters - {@link ValidateExchangeTransferParameters}
 * @returns The action, typed and unchanged. {@link ValidateExchangeTransferReturnType}
 * @example
 * const action = validateExchangeTransfer({ action: item.data.action, requestId: step.requestId })
 */
export function validateExchangeTransfer({
  action,
  requestId,
}: ValidateExchangeTransferParameters): ValidateExchangeTransferReturnType {
  if (typeof requestId !== "string" || !requestIdPattern.test(requestId))
    throw new InvalidExchangeTransferError({
      field: "requestId",
      reason: "invalid-request-id",
      value: requestId,
    });
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
  const expected = requestId.slice(2).toLowerCase();
  if (!memoPattern.test(memo) || memo.replace(/^0x/, "").toLowerCase() !== expected)
    throw new InvalidExchangeTransferError({
      field: "action.parameters.memo",
      reason: "memo-mismatch",
      value: memo,
      expected: `${expected} (optionally 0x-prefixed, any case)`,
    });
  return action as ExchangeTransferAction;
}
