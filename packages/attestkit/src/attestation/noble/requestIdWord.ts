import {
  InvalidRequestIdError,
  type InvalidRequestIdErrorType,
  MissingFieldError,
  type MissingFieldErrorType,
} from "../errors.js";
import { hexToBytes } from "./hexToBytes.js";

export type RequestIdWordErrorType = MissingFieldErrorType | InvalidRequestIdErrorType;

/**
 * Turns a request id into its ABI word: the id is already 32 bytes, so the word is those bytes.
 *
 * @param value - The request id, `0x` and exactly 64 hex digits (either case).
 * @returns The 32-byte word.
 * @throws MissingFieldError when absent, InvalidRequestIdError when not 32 bytes of hex.
 * @example
 * requestIdWord(`0x${"ab".repeat(32)}`) // 32 bytes of 0xab
 */
export function requestIdWord(value: unknown): Uint8Array {
  if (value === undefined || value === null) throw new MissingFieldError({ field: "requestId" });
  const bytes = typeof value === "string" && value.length === 66 ? hexToBytes(value) : undefined;
  if (bytes === undefined) throw new InvalidRequestIdError({ value });
  return bytes;
}
