import { getAddress, isAddress, isAddressEqual } from "viem";
import type { Mismatch } from "./parts.js";

export type CompareAddressFieldParameters = {
  /** What the chain shows, in the report's words (`depositor`). */
  field: string;
  /** Where the expected value comes from (`attestation v1 originUser`). */
  against: string;
  /** The address that was signed or ordered; nothing is compared without it. */
  expected: string | undefined;
  /** The address the chain shows; nothing is compared without it. */
  actual: string | undefined;
};

/**
 * One address field compared: EVM addresses whatever their case (and reported checksummed), any
 * other text (a Bitcoin address, a bytes32 word) case-insensitively. A side that is missing is no
 * mismatch: there is nothing to compare.
 *
 * @param parameters - {@link CompareAddressFieldParameters}
 * @returns The mismatch, or an empty list.
 * @example
 * compareAddressField({ field: "depositor", against: "attestation v1 originUser", expected, actual })
 */
export function compareAddressField({
  field,
  against,
  expected,
  actual,
}: CompareAddressFieldParameters): Mismatch[] {
  if (expected === undefined || actual === undefined) return [];
  const same =
    isAddress(expected, { strict: false }) && isAddress(actual, { strict: false })
      ? isAddressEqual(expected, actual)
      : expected.toLowerCase() === actual.toLowerCase();
  if (same) return [];
  return [
    {
      field,
      against,
      expected: isAddress(expected, { strict: false }) ? getAddress(expected) : expected,
      actual: isAddress(actual, { strict: false }) ? getAddress(actual) : actual,
    },
  ];
}
