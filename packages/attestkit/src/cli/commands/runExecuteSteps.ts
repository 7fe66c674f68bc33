import type { Account, Chain, Transport, WalletClient } from "viem";
import { executeSteps } from "../../client/actions/executeSteps.js";
import { PaymentMismatchError } from "../../client/errors/payment.js";
import type { ExecuteStepsVerifyOptions } from "../../client/steps/types.js";
import type { QuoteResponse } from "../../schemas/index.js";
import type { createServiceClient } from "../createServiceClient.js";
import { quoteCurrencyBook } from "../money/quoteCurrencyBook.js";
import type { ResolveSolversReturnType } from "../resolveSolvers.js";
import { describeStepProgress } from "./describeStepProgress.js";
import type { Emit } from "./executeTypes.js";
import { printPaymentVerdict } from "./printPaymentVerdict.js";
import { refusedInFlagTerms } from "./refusedInFlagTerms.js";

export type RunExecuteStepsParameters = {
  client: ReturnType<typeof createServiceClient>["client"];
  /** The quote whose steps are run. */
  quote: QuoteResponse;
  /** The paying key's wallet. */
  wallet: WalletClient<Transport, Chain | undefined, Account>;
  /** The payment guard's settings, or false with `--no-verify`. */
  verify: ExecuteStepsVerifyOptions | false;
  /** The solvers the guard trusts, as its verdict names them. */
  trusted: ResolveSolversReturnType | undefined;
  /** Stops the run (`--timeout`). */
  signal: AbortSignal;
  /** Prints a JSON line with `--json`, else the text lines. */
  emit: Emit;
};

/**
 * Runs the quote's steps with the paying key, printing the guard's verdict and a line per step
 * event; a refusal of the guard is told in the command line's flags.
 *
 * @param parameters - {@link RunExecuteStepsParameters}
 * @returns Once every step has run.
 * @example
 * await runExecuteSteps({ client, quote, wallet, verify, trusted, signal: call.signal, emit })
 */
export async function runExecuteSteps({
  client,
  quote,
  wallet,
  verify,
  trusted,
  signal,
  emit,
}: RunExecuteStepsParameters): Promise<void> {
  const book = quoteCurrencyBook(quote);
  await executeSteps(client, {
    quote,
    wallet,
    verify,
    checkIntervalMs: 500,
    signal,
    onProgress: (event) => {
      if (event.type === "payment:verified") return printPaymentVerdict(emit, event.result, trusted, book);
      const line = describeStepProgress(event);
      if (line) emit({ event: event.type, ...line.record }, [line.text]);
    },
  }).catch((error: unknown) => {
    throw error instanceof PaymentMismatchError ? refusedInFlagTerms(error) : error;
  });
}
