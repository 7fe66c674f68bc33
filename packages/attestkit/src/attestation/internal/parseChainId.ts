import { InvalidChainIdError, MissingFieldError } from "../errors.js";

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

/** Checks that a chain id is a non-negative safe integer (number, bigint or decimal string). */
export function parseChainId(field: string, value: unknown): bigint {
  if (value === undefined || value === null) throw new MissingFieldError({ field });
  let id: bigint | undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) id = BigInt(value);
  else if (typeof value === "bigint") id = value;
  else if (typeof value === "string" && /^[0-9]+$/.test(value)) id = BigInt(value);
  if (id === undefined || id < 0n || id > maxSafe) throw new InvalidChainIdError({ field, value });
  return id;
}
