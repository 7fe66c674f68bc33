import type { Step } from "../../schemas/index.js";
import { MissingPaymentIntentError, PaymentMismatchError } from "../errors/payment.js";
import { checkStepItems } from "../payment/checkStepItems.js";
import { quoteIntentOf } from "../payment/quoteIntent.js";
import type { PaymentTerms } from "../payment/types.js";
import { verifyPayment } from "../payment/verifyPayment.js";
import type { StepRun } from "./types.js";

/**
 * Runs the payment guard before the first transaction or signature: reads the intent (given, or the
 * one a quote from `getQuote` carries), the solvers (given, else the client's, else the live solver)
 * and the trust root (given, else the client's, over the published one; never `GET /chains`),
 * verifies the quote (`verifyPayment`), reports the verdict (`payment:verified`) and throws when it
 * fails. Returns the terms the steps a signature's post appends must also pay, summed with the
 * quote's own; undefined when the caller turned the guard off (`verify: false`).
 *
 * @param run - The run, before anything was sent. {@link StepRun}
 * @param quote - The quote as the caller gave it.
 * @param steps - Its parsed steps.
 * @returns The terms, or undefined with the guard off.
 * @throws MissingPaymentIntentError, PaymentMismatchError, InvalidTrustRootError.
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
  const result = await verifyPayment({
    quote: { ...(quote as object), steps },
    intent,
    trustRoot: settings.trustRoot ?? run.client.trustRoot,
    solvers: settings.solvers ?? run.client.solvers,
    maxSlippageBps: settings.maxSlippageBps,
    maxDeadlineSeconds: settings.maxDeadlineSeconds,
    maxAmountIn: settings.maxAmountIn,
    maxBitcoinFeeRate: settings.maxBitcoinFeeRate,
    maxExchangeFee: settings.maxExchangeFee,
    acceptItems: settings.acceptItems,
    legacyBitcoinEncoding: settings.legacyBitcoinEncoding,
    now: settings.now,
  });
  run.emit({ type: "payment:verified", result });
  if (!result.valid) throw new PaymentMismatchError({ checks: result.checks });
  return result.terms;
}

/**
 * Checks steps a signature's post appended, before any of them runs: each item is decoded like the
 * quote's own (none can be accepted undecoded: the caller never saw them), and its moves are summed
 * with the quote's, so that the whole run still makes exactly one payment. The terms then hold the
 * appended moves too.
 *
 * @param terms - From `guardPayment` (or an earlier append).
 * @param steps - The appended steps.
 * @param firstStepIndex - Where they start in the run.
 * @returns The terms with the appended moves, for the next append.
 * @throws PaymentMismatchError when they pay anything else, or pay again.
 * @example
 * if (run.terms) run.terms = guardAppendedSteps(run.terms, steps, run.result.steps.length)
 */
export function guardAppendedSteps(
  terms: PaymentTerms,
  steps: readonly Step[],
  firstStepIndex: number,
): PaymentTerms {
  const { checks, moves } = checkStepItems({ steps, terms, firstStepIndex, own: false });
  if (checks.some((check) => !check.ok)) throw new PaymentMismatchError({ checks });
  return { ...terms, moves: [...terms.moves, ...moves] };
}
