import type { PaymentCheck } from "./types.js";

/** Where the advice is read: the library (options to pass) or the command line (flags to type). */
export type PaymentAdviceSurface = "library" | "cli";

/** Advice by the reason of a failed check: what the reader can type, in each surface. */
const adviceByReason: Readonly<
  Record<string, (check: PaymentCheck) => Record<PaymentAdviceSurface, string>>
> = {
  "undecoded-item": accept,
  "undecoded-signature": accept,
  "missing-order": () => ({
    library:
      "Ask for the quote with includeProtocolData: true (getQuote does by default): the guard pays only a solver-signed order.",
    cli: "Ask for the quote without --no-include-protocol-data: the guard pays only a solver-signed order.",
  }),
  "unknown-origin-chain": trust,
  "unknown-order-chain": trust,
  "no-trusted-depository": trust,
  "no-deposit-address-rule": trust,
  "deposit-address-not-derived": trust,
  "signer-not-allowed": () => ({
    library:
      "If you trust that solver, list it: createClient({ solvers: [...] }) or verify: { solvers: [...] }.",
    cli: "If you trust that solver, list it: --solver ADDRESS.",
  }),
  "minimum-below-slippage": () => ({
    library:
      "To accept more slippage, set slippageTolerance (basis points) in the quote request, or verify: { maxSlippageBps }.",
    cli: "To accept more slippage, pass --slippage-tolerance BPS.",
  }),
  "deadline-beyond-window": () => ({
    library:
      "To allow a longer fill window, set ttl (seconds) in the quote request, or verify: { maxDeadlineSeconds }.",
    cli: "To allow a longer fill window, pass --ttl SECONDS.",
  }),
  "output-below-amount": () => ({
    library: "The order pays less than you asked for: get a new quote.",
    cli: "The order pays less than you asked for: get a new quote.",
  }),
  "input-above-max": () => ({
    library: "The order charges more than verify: { maxAmountIn } allows: raise it if that price is right.",
    cli: "The order charges more than --max-amount-in allows: raise it if that price is right.",
  }),
  "fee-above-limit": (check) => ({
    library: check.field?.startsWith("data.psbt")
      ? "To allow a higher Bitcoin fee, pass verify: { maxBitcoinFeeRate } (satoshis per virtual byte)."
      : "To allow a higher exchange fee, pass verify: { maxExchangeFee } (USDC's smallest unit).",
    cli: "attestkit execute runs EVM steps only: pay this quote through the library.",
  }),
};

/**
 * What a reader can do about a refused quote, in the words of where they read it: the options of
 * the library, or the flags of `attestkit execute`. One line per kind of failure that an option can
 * change, then the way to turn the guard off, always last.
 *
 * @param checks - The guard's checks (the failed ones are read).
 * @param surface - `library` or `cli`.
 * @returns Lines of advice.
 * @example
 * paymentAdvice(result.checks, "cli") // ["Check item swap[0] yourself, then pass --accept-item swap[0]@3f1a…", ...]
 */
export function paymentAdvice(checks: readonly PaymentCheck[], surface: PaymentAdviceSurface): string[] {
  const lines = new Set<string>();
  for (const check of checks)
    if (!check.ok && check.reason !== undefined && Object.hasOwn(adviceByReason, check.reason))
      lines.add(
        (adviceByReason[check.reason] as (check: PaymentCheck) => Record<PaymentAdviceSurface, string>)(
          check,
        )[surface],
      );
  lines.add(
    surface === "cli"
      ? "Get a new quote; or, having checked every step yourself, turn the guard off with --no-verify."
      : "Get a new quote; or, having checked every step yourself, turn the guard off with verify: false.",
  );
  return [...lines];
}

function accept(check: PaymentCheck): Record<PaymentAdviceSurface, string> {
  const name = check.acceptAs ?? (check.item ? `${check.item.stepId}[${check.item.itemIndex}]` : "the item");
  return {
    library: `Check item ${name} yourself; to run it undecoded, pass acceptItems: ["${name}"] (a same-chain swap: or ask with forceSolverExecution: true).`,
    cli: `Check item ${name} yourself; to run it undecoded, pass --accept-item ${name} (a same-chain swap: or ask with --force-solver-execution).`,
  };
}

function trust(check: PaymentCheck): Record<PaymentAdviceSurface, string> {
  return {
    library: `The trust root does not cover this (${check.expected}): pass trustRoot (createClient or verify; a devnet's is devnetTrustRoot()).`,
    cli: `The trust root does not cover this (${check.expected}): pass --chains-file FILE (a chain list from a source you trust) or, for the local devnet, --trust-devnet.`,
  };
}
