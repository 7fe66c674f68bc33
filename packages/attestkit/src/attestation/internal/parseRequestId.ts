import type { Hex } from "viem";
import { InvalidRequestIdError, MissingFieldError } from "../errors.js";

const requestIdPattern = /^0x[0-9a-fA-F]{64}$/;

/** Checks that a request id is 32 bytes of 0x-prefixed hex and returns it lowercased. */
export function parseRequestId(value: unknown): Hex {
  if (value === undefined || value === null) throw new MissingFieldError({ field: "requestId" });
  if (typeof value !== "string" || !requestIdPattern.test(value)) throw new InvalidRequestIdError({ value });
  return value.toLowerCase() as Hex;
}
