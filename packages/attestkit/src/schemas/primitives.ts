import * as z from "zod";

/** Patterns of the interface, shared by the request schemas. */
export const patterns = {
  /** Integer in the smallest unit. */
  amount: /^[0-9]+$/,
  /**
   * Basis points 0 to 10000. The pattern itself caps the value: four digits reach 9999, and the only
   * five-digit value is 10000, so no separate bound is needed.
   */
  basisPoints: /^([0-9]{1,4}|10000)$/,
  /** An app fee's basis points, 0 to 9999: a fee takes less than the whole input. */
  appFeeBasisPoints: /^[0-9]{1,4}$/,
  /** Hex data: `0x` and any number of hex digits. */
  hex: /^0x[0-9a-fA-F]*$/,
  /** An EVM address by pattern only (referrerAddress). */
  evmAddress: /^0x[a-fA-F0-9]{40}$/,
  /** A request id: 32 bytes of hex. Also keeps ids safe to put in a URL path. */
  requestId: /^0x[0-9a-fA-F]{64}$/,
  /** `<chainId>:<address>` entries of the currencies search. */
  token: /^[0-9]+:.+$/,
} as const;

/** The largest uint256: every amount must fit one (the chains, the attestation tuple and orders encode it so). */
export const maxUint256 = 2n ** 256n - 1n;

/** Digits of 2^256 − 1: a longer number (leading zeros aside) is out of range without parsing it. */
const maxUint256Digits = 78;

/**
 * Tells whether a string of decimal digits is a uint256 (0 to 2^256 − 1). Leading zeros are allowed;
 * a long string is refused by its length before any big-integer parse.
 *
 * @param value - Decimal digits only.
 * @returns True when the value fits a uint256.
 * @example
 * isUint256Decimal((2n ** 256n).toString()) // false
 */
export function isUint256Decimal(value: string): boolean {
  const digits = value.replace(/^0+(?=.)/, "");
  if (!/^[0-9]+$/.test(digits) || digits.length > maxUint256Digits) return false;
  return BigInt(digits) <= maxUint256;
}

/**
 * An amount in the smallest unit: decimal digits of a uint256 (from 0 to 2^256 − 1). A value that is
 * not digits reports that rule alone (`abort`): one mistake, one error.
 */
export const amountSchema = z
  .string()
  .regex(patterns.amount, { message: "must be digits only (smallest unit)", abort: true })
  .refine(isUint256Decimal, {
    message: "must be below 2^256 (a uint256)",
    abort: true,
    params: { rule: "max" },
  });

/** Values of `tradeType`. */
export const tradeTypes = ["EXACT_INPUT", "EXACT_OUTPUT", "EXPECTED_OUTPUT"] as const;

/**
 * Values of `sponsoredFeeComponents`. `rent` (the official SDK's types) is sponsored only when named:
 * the service's default is the other four.
 */
export const sponsoredFeeComponents = ["execution", "swap", "relay", "app", "rent"] as const;

/** Webhook event kinds (the interface shows one). */
export const webhookEvents = ["request.status.updated"] as const;

/** A chain id in a request: a non-negative safe integer. */
export const chainIdSchema = z.number().int().nonnegative();

/**
 * A string of one of the known values or any other string: typed as the known union (with `string`
 * left open) so editors complete the known values, while an unknown value from the service is kept.
 */
export function knownString<const values extends readonly string[]>(_values: values) {
  return z.string().transform((value): values[number] | (string & {}) => value);
}

/** A number that real traffic sends as a number in one response and a string in another. */
export const numberish = z.union([z.number(), z.string()]);

/** A chain id in a response: a number, or a decimal string read as a number. */
export const responseChainId = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^[0-9]+$/)
    .transform(Number),
]);

/** Any JSON object, shape not described by the interface. */
export const anyObject = z.record(z.string(), z.unknown());

/** An optional text field of a response: real traffic sends null as often as it omits one. */
export const optionalText = z.string().nullish();

/** An optional boolean field of a response. */
export const optionalFlag = z.boolean().nullish();
