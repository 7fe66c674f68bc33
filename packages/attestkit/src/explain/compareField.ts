import type { Mismatch } from "./parts.js";

export type CompareFieldParameters = {
  /** What the chain shows, in the report's words (`deposit amount`). */
  field: string;
  /** Where the expected value comes from (`attestation v1 originAmount`). */
  against: string;
  /** The value that was signed or ordered. */
  expected: string;
  /** The value the chain shows. */
  actual: string;
};

/**
 * One field compared as text: the mismatch when the chain shows another value than was signed or
 * ordered, none when they are equal.
 *
 * @param parameters - {@link CompareFieldParameters}
 * @returns The mismatch, or an empty list.
 * @example
 * compareField({ field: "deposit amount", against: "order input payment amount", expected: "10", actual: "9" })
 */
export function compareField({ field, against, expected, actual }: CompareFieldParameters): Mismatch[] {
  return expected === actual ? [] : [{ field, against, expected, actual }];
}
