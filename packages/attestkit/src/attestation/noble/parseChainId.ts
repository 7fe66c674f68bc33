import {
  InvalidChainIdError,
  type InvalidChainIdErrorType,
  MissingFieldError,
  type MissingFieldErrorType,
} from "../errors.js";

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

export type ParseChainIdParameters = {
  /** A number, a bigint or a decimal string, as request data carries chain ids. */
  value: unknown;
  /** The field it came from, named in the error. */
  field: string;
};

export type ParseChainIdErrorType = MissingFieldErrorType | InvalidChainIdErrorType;

/**
 * Reads a chain id: a non-negative safe integer given as a number, a bigint or decimal digits.
 *
 * @param parameters - {@link ParseChainIdParameters}
 * @returns The chain id, in `0 .. 2^53 - 1`.
 * @throws MissingFieldError when absent, InvalidChainIdError otherwise.
 * @example
 * parseChainId({ value: "8453", field: "originChainId" }) // 8453n
 */
export function parseChainId({ value, field }: ParseChainIdParameters): bigint {
  if (value === undefined || value === null) throw new MissingFieldError({ field });
  let id: bigint | undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) id = BigInt(value);
  else if (typeof value === "bigint") id = value;
  else if (typeof value === "string" && /^[0-9]+$/.test(value)) id = BigInt(value);
  if (id === undefined || id < 0n || id > maxSafe) throw new InvalidChainIdError({ field, value });
  return id;
}
