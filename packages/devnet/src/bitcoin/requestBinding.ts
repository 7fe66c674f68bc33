import { hex } from "@scure/base";
import { InvalidBitcoinParameterError } from "./errors.js";

const requestIdPattern = /^0x[0-9a-fA-F]{64}$/;

/**
 * The output script that binds a request to a Bitcoin deposit: `OP_RETURN OP_PUSHBYTES_32 <request id>`
 * (`6a20` followed by the request id's 32 bytes), paid 0 satoshis. The service publishes no binding
 * (see the folder's README); this is the devnet's explicit choice.
 *
 * @param parameters - `requestId`: 0x followed by 64 hex digits.
 * @returns The 34-byte output script.
 * @throws {InvalidBitcoinParameterError} When the request id is malformed.
 * @example
 * toRequestBindingScript({ requestId: `0x${"ab".repeat(32)}` }) // 6a20abab…
 */
export function toRequestBindingScript({ requestId }: { requestId: string }): Uint8Array {
  if (typeof requestId !== "string" || !requestIdPattern.test(requestId))
    throw new InvalidBitcoinParameterError({
      field: "requestId",
      reason: "invalid-request-id",
      value: requestId,
    });
  return Uint8Array.of(0x6a, 0x20, ...hex.decode(requestId.slice(2).toLowerCase()));
}

/**
 * Reads the request id out of a binding output script; undefined for any other script (another
 * OP_RETURN size or encoding included).
 *
 * @param script - An output script.
 * @returns The request id, 0x and 64 lower-case hex digits, or undefined.
 */
export function readRequestBinding(script: Uint8Array): `0x${string}` | undefined {
  if (script.length !== 34 || script[0] !== 0x6a || script[1] !== 0x20) return undefined;
  return `0x${hex.encode(script.subarray(2))}`;
}
