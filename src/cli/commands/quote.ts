import type { Command } from "commander";
import { getQuote } from "../../client/actions/getQuote.js";
import { createClient } from "../../client/createClient.js";
import type { QuoteRequest, QuoteResponse } from "../../schemas/index.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { readJsonObjectFile } from "../readJsonObjectFile.js";
import { reportError } from "../reportError.js";

export type QuoteOptions = {
  file?: string;
  user?: string;
  recipient?: string;
  originChainId?: string;
  destinationChainId?: string;
  originCurrency?: string;
  destinationCurrency?: string;
  amount?: string;
  tradeType?: string;
  refundTo?: string;
  referrer?: string;
  slippageTolerance?: string;
  ttl?: string;
  useDepositAddress?: boolean;
  topupGas?: boolean;
  json?: boolean;
  api: string;
  apiKey?: string;
};

/** Flags whose value is a number in the request body. */
const numericFlags = new Set(["originChainId", "destinationChainId", "ttl"]);
/** Flags copied into the body under the same name. */
const bodyFlags = [
  "user",
  "recipient",
  "originChainId",
  "destinationChainId",
  "originCurrency",
  "destinationCurrency",
  "amount",
  "tradeType",
  "refundTo",
  "referrer",
  "slippageTolerance",
  "ttl",
  "useDepositAddress",
  "topupGas",
] as const;

/** Registers `attestkit quote`. */
export function registerQuote(program: Command, io: Io): void {
  program
    .command("quote")
    .description("Ask the service for an executable quote (POST /quote/v2) and summarize it")
    .option(
      "-f, --file <file>",
      "a full quote request as JSON (- for stdin); the flags below override its fields",
    )
    .option("--user <address>", "who deposits on the origin chain")
    .option("--recipient <address>", "who receives on the destination chain (default: the user)")
    .option("--origin-chain-id <id>", "origin chain id")
    .option("--destination-chain-id <id>", "destination chain id")
    .option("--origin-currency <address>", "currency paid (the zero address for the native one)")
    .option("--destination-currency <address>", "currency received")
    .option("--amount <amount>", "integer amount in the smallest unit")
    .option("--trade-type <type>", "EXACT_INPUT, EXACT_OUTPUT or EXPECTED_OUTPUT (default: EXACT_INPUT)")
    .option("--refund-to <address>", "refund address on failure")
    .option("--referrer <name>", "echoed in status and webhooks")
    .option("--slippage-tolerance <bps>", "basis points, 0 to 10000")
    .option("--ttl <seconds>", "refund instead of fill when not filled within this many seconds")
    .option("--use-deposit-address", "pay by a plain transfer to a deposit address")
    .option("--topup-gas", "add a destination gas top-up for the recipient")
    .option("--json", "print the service's response as one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "The request is checked against every rule of the interface before it is sent.",
        "Exit codes: 0 quoted, 2 bad input (the field is named), 3 network or API error.",
      ].join("\n"),
    )
    .action(async (options: QuoteOptions, command: Command) => {
      io.exit(await runQuote({ ...options, ...readGlobalOptions({ command }) }, io));
    });
}

/** Runs `quote` and returns its exit code. */
export async function runQuote(options: QuoteOptions, io: Io): Promise<number> {
  try {
    const body = buildQuoteRequest(options);
    const client = createClient({
      network: { baseUrl: options.api },
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    });
    const quote = await getQuote(client, body);
    if (options.json) io.out(JSON.stringify(quote));
    else printQuote(io, quote);
    return exitCodes.ok;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** The request body: the file's fields, then the flags over them. Validation is `getQuote`'s. */
function buildQuoteRequest(options: QuoteOptions): QuoteRequest {
  const body: Record<string, unknown> = options.file ? readRequestFile(options.file) : {};
  for (const flag of bodyFlags) {
    const value = options[flag];
    if (value === undefined) continue;
    // A chain id that is not digits stays a string, so validation names the field.
    body[flag] = numericFlags.has(flag) && /^[0-9]+$/.test(String(value)) ? Number(value) : value;
  }
  body.tradeType ??= "EXACT_INPUT";
  return body as QuoteRequest;
}

function readRequestFile(file: string): Record<string, unknown> {
  return readJsonObjectFile({ file, what: "one quote request object" });
}

type Amount = NonNullable<NonNullable<QuoteResponse["fees"]>["gas"]>;

/** `1.5 ETH on 1 ($4500)`, from an Amount object. */
function showAmount(amount: Amount | null | undefined): string {
  if (!amount) return "(not given)";
  const currency = amount.currency;
  const value = amount.amountFormatted ?? amount.amount ?? "?";
  const symbol = currency?.symbol ?? currency?.address ?? "";
  const chain = currency?.chainId != null ? ` on ${currency.chainId}` : "";
  const usd = amount.amountUsd != null ? `  ($${amount.amountUsd})` : "";
  const raw = amount.amount != null ? `  [${amount.amount}]` : "";
  return `${value} ${symbol}${chain}${usd}${raw}`;
}

/** The quote as a readable summary: id, amounts, rate, time, fees and the steps to execute. */
function printQuote(io: Io, quote: QuoteResponse): void {
  const line = (label: string, value: unknown) => io.out(`${label.padEnd(14)}${value}`);
  const details = quote.details;
  line("requestId", quote.requestId ?? quote.steps.find((step) => step.requestId)?.requestId ?? "(none)");
  if (details?.operation) line("operation", details.operation);
  line("you send", showAmount(details?.currencyIn));
  line("you receive", showAmount(details?.currencyOut));
  if (details?.currencyOut?.minimumAmount != null) line("  at least", details.currencyOut.minimumAmount);
  if (details?.rate != null) line("rate", details.rate);
  if (details?.totalImpact)
    line("impact", `${details.totalImpact.percent ?? "?"}% ($${details.totalImpact.usd ?? "?"})`);
  if (details?.timeEstimate != null) line("time", `~${details.timeEstimate} s`);
  if (details?.recipient) line("recipient", details.recipient);

  io.out("fees");
  for (const [name, amount] of Object.entries(quote.fees ?? {}))
    if (amount && typeof amount === "object") io.out(`  ${name.padEnd(16)}${showAmount(amount as Amount)}`);

  io.out(`steps (${quote.steps.length})`);
  quote.steps.forEach((step, i) => {
    io.out(`  ${i + 1}. ${step.id}  ${step.kind}  ${step.description ?? step.action ?? ""}`.trimEnd());
    if (step.depositAddress) io.out(`       pay to deposit address ${step.depositAddress}`);
    for (const item of step.items) io.out(`       ${describeItem(item.data as Record<string, unknown>)}`);
  });
}

/** One step item in a line: what to send or sign, and where. */
function describeItem(data: Record<string, unknown>): string {
  if ("sign" in data) {
    const sign = data.sign as { signatureKind?: unknown };
    return `sign (${String(sign.signatureKind)})`;
  }
  if ("psbt" in data) return "sign and broadcast the Bitcoin PSBT";
  if ("action" in data) return `exchange ${String((data.action as { type?: unknown }).type)}`;
  const value = data.value != null ? `  value ${String(data.value)}` : "";
  return `chain ${String(data.chainId)}  to ${String(data.to)}${value}`;
}
