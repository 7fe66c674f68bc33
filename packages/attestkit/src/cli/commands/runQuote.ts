import { zeroAddress } from "viem";
import { getChains } from "../../client/actions/getChains.js";
import { getQuote } from "../../client/actions/getQuote.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import type { QuoteRequest, QuoteResponse } from "../../schemas/index.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import { inputLimits } from "../inputLimits.js";
import type { Io } from "../io.js";
import { type CurrencyBook, type CurrencyUnits, currencyKey, toCurrencyBook } from "../money/currencyBook.js";
import { formatMoney } from "../money/formatMoney.js";
import { formatUsd } from "../money/formatUsd.js";
import { quoteCurrencyBook } from "../money/quoteCurrencyBook.js";
import { readJsonObjectFile } from "../readJsonObjectFile.js";
import { reportError } from "../reportError.js";
import { inFlagTerms } from "./inFlagTerms.js";
import { bodyFlags, type QuoteOptions } from "./quoteOptions.js";
import { resolveRequestAmount } from "./resolveRequestAmount.js";
import { warnUnknownFields } from "./warnUnknownFields.js";

export type { QuoteOptions } from "./quoteOptions.js";

/** Flags whose value is a number in the request body. */
const numericFlags = new Set(["originChainId", "destinationChainId", "ttl"]);

/** Runs `quote` and returns its exit code. */
export async function runQuote(options: QuoteOptions, io: Io): Promise<number> {
  try {
    const { client, call, explain } = createServiceClient(options);
    const readBook = () =>
      getChains(client, call).then(toCurrencyBook, (error: unknown) => {
        throw explain(error);
      });
    const body = await buildQuoteRequest(options, readBook);
    warnUnknownFields(body, options, io.err);
    const quote = await getQuote(client, body, call).catch((error: unknown) => {
      throw error instanceof InvalidRequestError ? inFlagTerms(error, options) : explain(error);
    });
    if (options.json) io.out(JSON.stringify(quote));
    else printQuote(io, quote);
    return exitCodes.ok;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** True when the options name a request at all: a --file, or any flag of the intent but --user. */
export function hasRequestFields(options: QuoteOptions): boolean {
  return (
    options.file !== undefined ||
    bodyFlags.some((flag) => flag !== "user" && flag !== "includeProtocolData" && options[flag] !== undefined)
  );
}

/**
 * The request body: the file's fields, then the flags over them, `--amount` in the smallest unit
 * (`0.01ether` and `100usdc` by the currency's decimals, read with `readBook` when a token's are
 * needed). Validation is `getQuote`'s.
 */
export async function buildQuoteRequest(
  options: QuoteOptions,
  readBook: () => Promise<CurrencyBook>,
): Promise<QuoteRequest> {
  const body: Record<string, unknown> = options.file ? readRequestFile(options.file) : {};
  for (const flag of bodyFlags) {
    const value = options[flag];
    if (value === undefined) continue;
    // A chain id that is not digits stays a string, so validation names the field.
    body[flag] = numericFlags.has(flag) && /^[0-9]+$/.test(String(value)) ? Number(value) : value;
  }
  body.tradeType ??= "EXACT_INPUT";
  const amount = await resolveRequestAmount({ amount: options.amount, body, readBook });
  if (amount !== undefined) body.amount = amount;
  return body as QuoteRequest;
}

function readRequestFile(file: string): Record<string, unknown> {
  return readJsonObjectFile({ file, ...inputLimits.quoteRequest });
}

type Amount = NonNullable<NonNullable<QuoteResponse["fees"]>["gas"]>;

/** `1.5 ETH on 1  ($4500)  [1500000000000000000]`, from an Amount object (see `formatMoney`). */
function showAmount(amount: Amount | null | undefined): string {
  if (!amount) return "(not given)";
  const currency = amount.currency;
  return formatMoney({
    amount: amount.amount,
    formatted: amount.amountFormatted,
    decimals: currency?.decimals,
    currency: currency?.symbol ?? currency?.address,
    chainId: currency?.chainId,
    usd: amount.amountUsd,
  });
}

/** The quote as a readable summary: id, amounts, rate, time, fees and the steps to execute. */
function printQuote(io: Io, quote: QuoteResponse): void {
  const line = (label: string, value: unknown) => io.out(`${label.padEnd(14)}${value}`);
  const details = quote.details;
  line("requestId", quote.requestId ?? quote.steps.find((step) => step.requestId)?.requestId ?? "(none)");
  if (details?.operation) line("operation", details.operation);
  line("you send", showAmount(details?.currencyIn));
  line("you receive", showAmount(details?.currencyOut));
  const out = details?.currencyOut;
  if (out?.minimumAmount != null)
    line("  at least", showAmount({ currency: out.currency, amount: out.minimumAmount }));
  if (details?.rate != null) line("rate", details.rate);
  if (details?.totalImpact)
    line("impact", `${details.totalImpact.percent ?? "?"}% (${formatUsd(details.totalImpact.usd ?? "?")})`);
  if (details?.timeEstimate != null) line("time", `~${details.timeEstimate} s`);
  if (details?.recipient) line("recipient", details.recipient);

  io.out("fees");
  const fees = Object.entries(quote.fees ?? {}).filter(([, amount]) => amount && typeof amount === "object");
  // The names line up by the longest (16 at least), so an unknown long fee name keeps its gap.
  const width = Math.max(14, ...fees.map(([name]) => name.length)) + 2;
  for (const [name, amount] of fees) io.out(`  ${name.padEnd(width)}${showAmount(amount as Amount)}`);

  const book = quoteCurrencyBook(quote);
  io.out(`steps (${quote.steps.length})`);
  quote.steps.forEach((step, i) => {
    io.out(`  ${i + 1}. ${step.id}  ${step.kind}  ${step.description ?? step.action ?? ""}`.trimEnd());
    if (step.depositAddress) io.out(`       pay to deposit address ${step.depositAddress}`);
    for (const item of step.items)
      io.out(`       ${describeItem(item.data as Record<string, unknown>, book)}`);
  });
}

/**
 * A transaction's value in units: the chain's native currency where the quote names it, else in
 * ether, the EVM's unit of 10^18 wei whatever the chain calls its coin; the exact wei beside.
 */
function nativeValue(wei: string, native: CurrencyUnits | undefined): string {
  return formatMoney({ amount: wei, decimals: native?.decimals ?? 18, currency: native?.symbol ?? "ether" });
}

/** One step item in a line: what to send or sign, and where; a transaction's value in the chain's native currency, in units where the quote names its decimals. */
function describeItem(data: Record<string, unknown>, book: CurrencyBook): string {
  if ("sign" in data) {
    const sign = data.sign as { signatureKind?: unknown };
    return `sign (${String(sign.signatureKind)})`;
  }
  if ("psbt" in data) return "sign and broadcast the Bitcoin PSBT";
  if ("action" in data) return `exchange ${String((data.action as { type?: unknown }).type)}`;
  const native = book.get(currencyKey(String(data.chainId), zeroAddress));
  const value =
    data.value != null && String(data.value) !== "0"
      ? `  value ${nativeValue(String(data.value), native)}`
      : "";
  return `chain ${String(data.chainId)}  to ${String(data.to)}${value}`;
}
