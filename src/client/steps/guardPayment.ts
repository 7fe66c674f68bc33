import type { Step } from "../../schemas/index.js";
import { getChains } from "../actions/getChains.js";
import { MissingPaymentIntentError, PaymentMismatchError } from "../errors/payment.js";
import { checkStepItems } from "../payment/checkStepItems.js";
import { quoteIntentOf } from "../payment/quoteIntent.js";
import type { PaymentTerms } from "../payment/types.js";
import { verifyPayment } from "../payment/verifyPayment.js";
import type { StepRun } from "./types.js";

/**
 * Runs the payment guard before the first transaction or signature: reads the chains (given, or
 * `GET /chains`), the intent (given, or the one a quote from `getQuote` carries) and the solvers
 * (given, else the client's, else the live solver), verifies the quote (`verifyPayment`), reports
 * the verdict (`payment:verified`) and throws when it fails. Returns the terms the steps a
 * signature's post appends must also pay; undefined when the caller turned the guard off
 * (`verify: false`).
 *
 * @param run - The run, before anything was sent. {@link StepRun}
 * @param quote - The quote as the caller gave it.
 * @param steps - Its parsed steps.
 * @returns The terms, or undefined with the guard off.
 * @throws MissingPaymentIntentError, PaymentMismatchError, and the errors of `GET /chains`.
 * @example
 * run.terms = await guardPayment(run, parameters.quote, steps)
 */
export async function guardPayment(
  run: StepRun,
  quote: unknown,
  steps: Step[],
): Promise<PaymentTerms | undefined> {
  const options = run.parameters.verify;
  if (options === false) return undefined;
  const settings = options ?? {};
  const intent = settings.intent ?? quoteIntentOf(quote);
  if (intent === undefined) throw new MissingPaymentIntentError();
  const chains = settings.chains ?? (await getChains(run.client, { signal: run.signal }));
  const result = await verifyPayment({
    quote: { ...(quote as object), steps },
    intent,
    chains,
    solvers: settings.solvers ?? run.client.solvers,
    maxSlippageBps: settings.maxSlippageBps,
    acceptItems: settings.acceptItems,
    legacyBitcoinEncoding: settings.legacyBitcoinEncoding,
    now: settings.now,
  });
  run.emit({ type: "payment:verified", result });
  if (!result.valid) throw new PaymentMismatchError({ checks: result.checks });
  return result.terms;
}

/**
 * Checks steps a signature's post appended against the same terms, before any of them runs.
 *
 * @param terms - From `guardPayment`.
 * @param steps - The appended steps.
 * @param firstStepIndex - Where they start in the run.
 * @throws PaymentMismatchError when one of them does not pay the order.
 * @example
 * if (run.terms) guardAppendedSteps(run.terms, steps, run.result.steps.length)
 */
export function guardAppendedSteps(
  terms: PaymentTerms,
  steps: readonly Step[],
  firstStepIndex: number,
): void {
  const checks = checkStepItems({ steps, terms, firstStepIndex });
  if (checks.some((check) => !check.ok)) throw new PaymentMismatchError({ checks });
}
