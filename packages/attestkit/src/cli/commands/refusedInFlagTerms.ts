import { describePaymentCheck, type PaymentMismatchError } from "../../client/errors/payment.js";
import { paymentAdvice } from "../../client/payment/paymentAdvice.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";

/**
 * The payment guard's refusal, with advice in flags (the library's options mean nothing here).
 *
 * @param error - The guard's refusal.
 * @returns The error `execute` reports: exit 1, every failed check and what to do.
 * @example
 * throw error instanceof PaymentMismatchError ? refusedInFlagTerms(error) : error
 */
export function refusedInFlagTerms(error: PaymentMismatchError): CliError {
  const failed = error.checks.filter((check) => !check.ok);
  return new CliError(
    `The payment guard refused the quote: ${describePaymentCheck(error.check)}. Nothing was sent.`,
    {
      exitCode: exitCodes.invalid,
      cause: error,
      metaMessages: [
        ...failed.slice(1).map((check) => `also: ${describePaymentCheck(check)}`),
        ...paymentAdvice(error.checks, "cli"),
      ],
    },
  );
}
