import { isAccountIndex } from "attestkit/chains";
import { exchangeAssets, exchangeRouteTypes, maxExchangeAmount } from "./constants.js";
import { ExchangeError } from "./errors.js";

/** A transfer as submitted: the parameters of a withdrawal step's `transfer` action, and the debited account. */
export type TransferRequest = {
  /** The debited account. Optional: the API key's own account when left out. */
  fromAccountIndex?: number | string | undefined;
  toAccountIndex: number | string;
  assetIndex: number;
  fromRouteType: number;
  toRouteType: number;
  /** Smallest units: a bigint, a safe integer number, or a string of decimal digits. */
  amount: bigint | number | string;
  /** USDC smallest units charged for the execution. */
  usdcFee: bigint | number | string;
  /** 32 bytes as hex (`0x` optional, any case): the hex request id for withdrawals. */
  memo?: string | null | undefined;
  /** The caller's id for the transfer: submitting it again returns the first transfer. */
  clientTransferId?: string | undefined;
};

/** A transfer request, checked and normalized. */
export type ParsedTransferRequest = {
  fromAccountIndex: number | undefined;
  toAccountIndex: number;
  assetIndex: number;
  fromRouteType: number;
  toRouteType: number;
  amount: bigint;
  usdcFee: bigint;
  /** `0x` and 64 lower-case hex digits, or null. */
  memo: `0x${string}` | null;
  clientTransferId: string | undefined;
};

const memoPattern = /^(0x)?[0-9a-fA-F]{64}$/;
const clientTransferIdPattern = /^[A-Za-z0-9_.:-]{1,64}$/;
const routeTypes: readonly number[] = Object.values(exchangeRouteTypes);

function accountIndex(field: string, value: unknown): number {
  if (!isAccountIndex({ accountIndex: value }))
    throw new ExchangeError({ code: "INVALID_ACCOUNT_INDEX", field, value });
  return Number(value);
}

function integer(
  field: string,
  value: unknown,
  code: "INVALID_AMOUNT" | "INVALID_FEE",
  minimum: bigint,
): bigint {
  let parsed: bigint | undefined;
  if (typeof value === "bigint") parsed = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) parsed = BigInt(value);
  else if (typeof value === "string" && /^[0-9]{1,30}$/.test(value)) parsed = BigInt(value);
  if (parsed === undefined)
    throw new ExchangeError({
      code,
      field,
      value,
      detail:
        typeof value === "number" && Number.isInteger(value)
          ? "beyond 2^53 - 1 a JSON number loses precision: send a string"
          : "not an integer",
    });
  if (parsed < minimum) throw new ExchangeError({ code, field, value, detail: `below ${minimum}` });
  if (parsed > maxExchangeAmount) throw new ExchangeError({ code, field, value, detail: "above 2^63 - 1" });
  return parsed;
}

/**
 * Checks a transfer request field by field and normalizes it: account indexes as safe integers,
 * known asset and route types, `amount` in 1..2^63-1, `usdcFee` in 0..2^63-1 (bigints, safe integer
 * numbers or decimal strings), the memo as 32 hex bytes, an optional client transfer id.
 *
 * @param request - The request as received (a JSON body, or a typed object).
 * @returns The normalized request. {@link ParsedTransferRequest}
 * @throws {ExchangeError} With the code and field at fault.
 */
export function parseTransferRequest(request: unknown): ParsedTransferRequest {
  if (typeof request !== "object" || request === null || Array.isArray(request))
    throw new ExchangeError({ code: "INVALID_REQUEST", value: request });
  const body = request as Record<string, unknown>;
  const fromAccountIndex =
    body.fromAccountIndex === undefined ? undefined : accountIndex("fromAccountIndex", body.fromAccountIndex);
  const toAccountIndex = accountIndex("toAccountIndex", body.toAccountIndex);
  const assetIndex = body.assetIndex;
  if (typeof assetIndex !== "number" || !exchangeAssets.some((asset) => asset.assetIndex === assetIndex))
    throw new ExchangeError({ code: "UNKNOWN_ASSET", field: "assetIndex", value: assetIndex });
  for (const field of ["fromRouteType", "toRouteType"] as const)
    if (typeof body[field] !== "number" || !routeTypes.includes(body[field] as number))
      throw new ExchangeError({ code: "UNKNOWN_ROUTE_TYPE", field, value: body[field] });
  const amount = integer("amount", body.amount, "INVALID_AMOUNT", 1n);
  const usdcFee = integer("usdcFee", body.usdcFee, "INVALID_FEE", 0n);
  let memo: `0x${string}` | null = null;
  if (body.memo !== undefined && body.memo !== null) {
    if (typeof body.memo !== "string" || !memoPattern.test(body.memo))
      throw new ExchangeError({ code: "INVALID_MEMO", field: "memo", value: body.memo });
    memo = `0x${body.memo.replace(/^0x/, "").toLowerCase()}`;
  }
  const clientTransferId = body.clientTransferId;
  if (
    clientTransferId !== undefined &&
    (typeof clientTransferId !== "string" || !clientTransferIdPattern.test(clientTransferId))
  )
    throw new ExchangeError({
      code: "INVALID_CLIENT_TRANSFER_ID",
      field: "clientTransferId",
      value: clientTransferId,
    });
  const fromRouteType = body.fromRouteType as number;
  const toRouteType = body.toRouteType as number;
  return {
    fromAccountIndex,
    toAccountIndex,
    assetIndex,
    fromRouteType,
    toRouteType,
    amount,
    usdcFee,
    memo,
    clientTransferId,
  };
}
