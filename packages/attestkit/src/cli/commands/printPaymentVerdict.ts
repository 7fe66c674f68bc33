import type { VerifyPaymentResult } from "../../client/payment/types.js";
import { describeCheckFinding } from "../describeCheckFinding.js";
import { formatCheckLines } from "../formatCheckLines.js";
import type { CurrencyBook } from "../money/currencyBook.js";
import { describeSource, type ResolveSolversReturnType } from "../resolveSolvers.js";
import { styled } from "../styledText.js";
import type { Emit } from "./executeTypes.js";

/**
 * The payment guard's verdict, as `verify --quote` prints its checks: one line each, after the
 * verdict and the solvers it trusted; what a passed check found is written in units where the
 * quote names the currency's decimals (`describeCheckFinding`).
 *
 * @param emit - Prints a JSON line with `--json`, else the text lines.
 * @param result - The guard's verdict and checks.
 * @param trusted - The solvers the guard trusted, and where they came from.
 * @param book - Symbols and decimals for display (`quoteCurrencyBook(quote)`).
 * @example
 * printPaymentVerdict(emit, event.result, trusted, quoteCurrencyBook(quote))
 */
export function printPaymentVerdict(
  emit: Emit,
  result: VerifyPaymentResult,
  trusted: ResolveSolversReturnType | undefined,
  book: CurrencyBook,
): void {
  const source = trusted ? `  solvers ${trusted.solvers.join(", ")} ${describeSource(trusted)}` : "";
  emit({ event: "payment:verified", valid: result.valid, checks: result.checks, solvers: trusted?.solvers }, [
    ["payment guard ", result.valid ? styled("VALID", "good") : styled("REFUSED", "bad"), source],
    ...formatCheckLines(
      result.checks.map((check) => ({
        ...check,
        label: check.item ? `${check.item.stepId}[${check.item.itemIndex}]` : check.name,
        summary: check.ok ? describeCheckFinding(check, book) : undefined,
      })),
    ),
  ]);
}
