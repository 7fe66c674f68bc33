import type { PaymentIntent } from "./types.js";

/**
 * Where a quote from `getQuote` keeps the request it answers. A symbol: copied by object spread,
 * left out of `JSON.stringify` (the quote still prints exactly as the service sent it), and out of
 * reach of anything a service can send.
 */
const intentKey = Symbol.for("attestkit.quoteIntent");

/**
 * Marks a quote with the request it answers, so that the payment guard of `executeSteps` knows
 * what the caller asked for.
 *
 * @param quote - The parsed quote.
 * @param intent - The `POST /quote/v2` body that was sent.
 * @returns The same quote.
 * @example
 * return withQuoteIntent(quote, request)
 */
export function withQuoteIntent<quote extends object>(quote: quote, intent: PaymentIntent): quote {
  Object.defineProperty(quote, intentKey, { value: intent, enumerable: true, configurable: true });
  return quote;
}

/**
 * The request a quote from `getQuote` answers, or undefined for a quote from elsewhere (a file, a
 * `JSON.parse`).
 *
 * @param quote - A quote.
 * @returns The `POST /quote/v2` body, or undefined.
 * @example
 * const intent = quoteIntentOf(quote) ?? parameters.verify?.intent
 */
export function quoteIntentOf(quote: unknown): PaymentIntent | undefined {
  if (quote === null || typeof quote !== "object") return undefined;
  return (quote as { [intentKey]?: PaymentIntent })[intentKey];
}
