import { type Line, styled } from "./styledText.js";

/** One check as `verify` and `execute` print it. */
export type CheckLineParameters = {
  /** What was checked: `signer`, `recipient`, `item deposit[0]`. */
  label: string;
  ok: boolean;
  reason?: string | undefined;
  /** The field compared, for checks that name one. */
  field?: string | undefined;
  expected?: string | undefined;
  actual?: string | undefined;
  /** For a passed check: what it found worth saying (`depositNative 10000 to the depository`). */
  summary?: string | undefined;
  /** The label column's width, the longest label of the table (`formatCheckLines`). Default 15. */
  labelWidth?: number | undefined;
};

/**
 * A check as one line: `check        signer          ok`, or with the reason, the field and both
 * values when it failed (`FAIL recipient-mismatch at orderData.output.payments[0].recipient:
 * expected 0x…, got 0x…`), `ok` styled good and `FAIL` bad.
 *
 * @param check - {@link CheckLineParameters}
 * @returns The line. {@link Line}
 * @example
 * io.out(formatCheckLine({ label: check.name, ...check }))
 */
export function formatCheckLine(check: CheckLineParameters): Line {
  const at = check.field ? ` at ${check.field}` : "";
  // A label longer than the column (`destinationCurrency` alone) keeps a space.
  const head = `check        ${check.label.padEnd(check.labelWidth ?? 15)} `;
  if (check.ok) return [head, styled("ok", "good"), check.summary ? `  ${check.summary}` : ""];
  return [
    head,
    styled("FAIL", "bad"),
    ` ${check.reason ?? "failed"}${at}${check.expected !== undefined ? `: expected ${check.expected}` : ""}${check.actual !== undefined ? `, got ${check.actual}` : ""}`,
  ];
}
