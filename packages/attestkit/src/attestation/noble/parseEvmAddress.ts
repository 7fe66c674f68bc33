import { InvalidAddressError, type InvalidAddressErrorType } from "../errors.js";
import { checksumAddress } from "./checksumAddress.js";
import { hexToBytes } from "./hexToBytes.js";

export type ParseEvmAddressParameters = {
  /** The candidate address. */
  value: unknown;
  /** The field it came from, named in the error. */
  field: string;
};

export type ParseEvmAddressReturnType = Uint8Array;

export type ParseEvmAddressErrorType = InvalidAddressErrorType;

/**
 * Reads an EVM address strictly: `0x` and 40 hex digits; all-lowercase or all-uppercase digits are
 * taken as they are, mixed case must be the exact EIP-55 checksum.
 *
 * @param parameters - {@link ParseEvmAddressParameters}
 * @returns The 20 address bytes. {@link ParseEvmAddressReturnType}
 * @throws InvalidAddressError naming `field`.
 * @example
 * parseEvmAddress({ value: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", field: "originUser" })
 */
export function parseEvmAddress({ value, field }: ParseEvmAddressParameters): ParseEvmAddressReturnType {
  const fail = (reason: string) => new InvalidAddressError({ field, value, vmType: "evm", reason });
  if (typeof value !== "string") throw fail("not a string");
  const bytes = value.length === 42 ? hexToBytes(value) : undefined;
  if (bytes === undefined) throw fail("not 0x followed by 40 hex digits");
  const digits = value.slice(2);
  const mixedCase = /[a-f]/.test(digits) && /[A-F]/.test(digits);
  if (mixedCase && checksumAddress(bytes) !== value) throw fail("bad EIP-55 checksum");
  return bytes;
}
