import type { Eip712Sign } from "./checkAuthorizationTypes.js";
import { refuse } from "./refuse.js";
import type { EffectContext, RefusedItem } from "./types.js";

export type ReadAuthorizationParameters = {
  /** An EIP-3009 authorization whose types `checkAuthorizationTypes` found standard. */
  sign: Eip712Sign;
  context: EffectContext;
};

/** What an EIP-3009 authorization pays, lowercase where it is an address or a hash. */
export type Authorization = {
  /** `value.to`: who is paid. */
  payee: string;
  /** `domain.verifyingContract`: the token that pays. */
  currency: string;
  /** `value.value`, in the token's smallest unit. */
  amount: bigint;
  /** `value.nonce`: the 32 bytes that bind it. */
  nonce: string;
};

export type ReadAuthorizationReturnType = { ok: true; authorization: Authorization } | RefusedItem;

/**
 * Reads an EIP-3009 authorization's domain and message, in this order, refusing it at the first
 * rule it breaks:
 *
 * 1. `domain.chainId` is the origin chain's (`wrong-chain`);
 * 2. `value.from` is the payer (`payer-mismatch`);
 * 3. `value`, `validAfter` and `validBefore` are non-negative integers (decimal or 0x) and `nonce` is
 *    32 bytes of hex (`malformed-authorization`);
 * 4. `validBefore` is at most the signed order's fill deadline + 60 s: past it the payment could only
 *    be refunded (`authorization-outlives-order`);
 * 5. `validBefore` is after now, in Unix seconds (`authorization-expired`).
 *
 * Whether the payee, the token, the amount and the nonce are the order's is checked with every
 * other payment, not here.
 *
 * @param parameters - {@link ReadAuthorizationParameters}
 * @returns What it pays, or the refusal. {@link ReadAuthorizationReturnType}
 * @example
 * const read = readAuthorization({ sign, context })
 * if (!read.ok) return read
 */
export function readAuthorization({
  sign,
  context,
}: ReadAuthorizationParameters): ReadAuthorizationReturnType {
  const { domain, value: message } = sign;
  if (text(domain.chainId) !== String(context.origin.id))
    return refuse("data.sign.domain.chainId", "wrong-chain", String(context.origin.id), text(domain.chainId));
  if (lower(message.from) !== context.user)
    return refuse("data.sign.value.from", "payer-mismatch", context.user, text(message.from));
  const value = integer(message.value);
  const validBefore = integer(message.validBefore);
  const validAfter = integer(message.validAfter);
  if (
    value === undefined ||
    validBefore === undefined ||
    validAfter === undefined ||
    !/^0x[0-9a-fA-F]{64}$/.test(text(message.nonce))
  )
    return refuse(
      "data.sign.value",
      "malformed-authorization",
      "integers and a 32-byte nonce",
      JSON.stringify(message),
    );
  // Usable no longer than the order: past its fill deadline the payment could only be refunded.
  if (context.orderDeadline !== undefined && validBefore > BigInt(context.orderDeadline) + 60n)
    return refuse(
      "data.sign.value.validBefore",
      "authorization-outlives-order",
      `at most ${context.orderDeadline + 60}`,
      validBefore.toString(),
    );
  if (validBefore <= BigInt(context.nowSeconds))
    return refuse(
      "data.sign.value.validBefore",
      "authorization-expired",
      `after ${context.nowSeconds}`,
      validBefore.toString(),
    );
  return {
    ok: true,
    authorization: {
      payee: lower(message.to),
      currency: lower(domain.verifyingContract),
      amount: value,
      nonce: lower(message.nonce),
    },
  };
}

/** A string or a number as text; anything else (an object, null, a boolean) as the empty string. */
function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "bigint"
    ? String(value)
    : "";
}

function lower(value: unknown): string {
  return text(value).toLowerCase();
}

/** A decimal or 0x integer, undefined for anything else. */
function integer(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value >= 0n ? value : undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value);
  return undefined;
}
