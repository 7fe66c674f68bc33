import type { AttestationVersion } from "../../attestation/types.js";
import { createBaseClient } from "../../client/createBaseClient.js";
import { collectAttestations } from "../../collect/collectAttestations.js";
import {
  CollectAttemptsExhaustedError,
  CollectListingLoopError,
  CollectRetryAfterTooLongError,
} from "../../collect/errors.js";
import type { CollectProgress } from "../../collect/types.js";
import { CliError } from "../cliError.js";
import type { AuditTerminal } from "../createAuditProgressBar.js";
import { createCollectProgressBar } from "../createCollectProgressBar.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import type { GlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { type CollectFile, openCollectFile } from "./openCollectFile.js";

export type CollectOptions = GlobalOptions & {
  out: string;
  user?: string | undefined;
  referrer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  v2?: boolean | undefined;
  listing?: "v3" | "v2" | undefined;
  concurrency: string;
  rate: string;
  maxAttempts: string;
  json?: boolean | undefined;
};

/** How long one attempt may take when `--timeout` is not given, in ms. */
const attemptTimeoutMs = 30_000;

/** Unavailable request ids kept for the `--json` summary (each is also printed on stderr). */
const unavailableListed = 100;

/**
 * Runs `collect` and returns its exit code: the history's attestations appended to `--out`
 * (`openCollectFile`: resumed, never a line twice) as `collectAttestations` yields them, a progress
 * bar on `terminal` when it is one, then a summary.
 */
export async function runCollect(
  options: CollectOptions,
  io: Io,
  { terminal }: { terminal?: AuditTerminal | undefined } = {},
): Promise<number> {
  const started = performance.now();
  const version: AttestationVersion = options.v2 ? "v2" : "v1";
  let file: CollectFile | undefined;
  try {
    if (options.out === "-" || options.out === "")
      throw new CliError("--out must name a file: collect appends to it and resumes from it.", {
        exitCode: exitCodes.badInput,
        field: "--out",
      });
    const concurrency = wholeNumber("--concurrency", options.concurrency, 1, 64);
    const rate = positiveNumber("--rate", options.rate);
    const maxAttempts = wholeNumber("--max-attempts", options.maxAttempts, 1, 100);
    const listing = options.listing ?? (options.apiKey ? "v3" : "v2");
    if (listing === "v3" && !options.apiKey)
      throw new CliError("--listing v3 (GET /requests/v3) needs an API key.", {
        exitCode: exitCodes.badInput,
        field: "--listing",
        metaMessages: ["Pass --api-key (or set $ATTESTKIT_API_KEY), or --listing v2, the public listing."],
      });
    if (options.referrer !== undefined && !options.apiKey)
      throw new CliError(
        "--referrer needs an API key: the service lists a referrer's requests to its own key only.",
        {
          exitCode: exitCodes.badInput,
          field: "--referrer",
          metaMessages: ["Pass --api-key (or set $ATTESTKIT_API_KEY)."],
        },
      );
    const startTimestamp = options.from === undefined ? undefined : unixSeconds("--from", options.from);
    const endTimestamp = options.to === undefined ? undefined : unixSeconds("--to", options.to);
    if (startTimestamp !== undefined && endTimestamp !== undefined && startTimestamp > endTimestamp)
      throw new CliError("--from is after --to.", { exitCode: exitCodes.badInput, field: "--from" });

    file = await openCollectFile({ path: options.out, version });
    if (file.cut > 0)
      io.err(
        `note: cut a torn last line (${file.cut} bytes) of ${options.out}, left by a run that was stopped while writing`,
      );
    const client = createBaseClient({
      network: { baseUrl: options.api },
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      timeoutMs: options.timeoutMs ?? attemptTimeoutMs,
      retry: false,
    });
    const bar = terminal?.isTTY ? createCollectProgressBar({ terminal }) : undefined;
    const open = file;
    let last: CollectProgress | undefined;
    const unavailable: string[] = [];
    let unavailableCount = 0;
    try {
      for await (const item of collectAttestations(client, {
        filters: {
          ...(options.user !== undefined ? { user: options.user } : {}),
          // The service lists a referrer's requests only to its own key, named in `apiKey`.
          ...(options.referrer !== undefined ? { referrer: options.referrer, apiKey: options.apiKey } : {}),
          ...(startTimestamp !== undefined ? { startTimestamp } : {}),
          ...(endTimestamp !== undefined ? { endTimestamp } : {}),
        },
        listing,
        version,
        concurrency,
        ratePerSecond: rate,
        maxAttempts,
        have: (requestId) => open.has(requestId),
        onProgress: (progress) => {
          last = progress;
          bar?.update(progress);
        },
      })) {
        if (item.type === "attestation") {
          open.append(item.attestation);
          continue;
        }
        unavailableCount++;
        if (unavailable.length < unavailableListed) unavailable.push(item.requestId);
        bar?.clear();
        io.err(`unavailable  ${item.requestId}: ${item.error.shortMessage}`);
      }
    } finally {
      bar?.clear();
      file.close();
    }

    const elapsedMs = Math.round(performance.now() - started);
    const collected = file.appended();
    const summary = {
      out: options.out,
      version,
      listing,
      total: last?.total ?? null,
      collected,
      had: last?.skipped ?? 0,
      unavailable: unavailableCount,
      lines: file.existing + collected,
      cut: file.cut,
      retries: last?.retries ?? 0,
      rateLimited: last?.rateLimited ?? 0,
      requests: last?.requests ?? 0,
      elapsedMs,
      perSecond: elapsedMs > 0 ? Math.round((collected * 100_000) / elapsedMs) / 100 : 0,
      requestsPerSecond: elapsedMs > 0 ? Math.round(((last?.requests ?? 0) * 100_000) / elapsedMs) / 100 : 0,
      rate,
    };
    if (options.json) io.out(JSON.stringify({ ...summary, unavailableIds: unavailable }));
    else {
      io.out(
        `collected    ${summary.collected} ${version} attestations into ${options.out} in ${(elapsedMs / 1000).toFixed(1)} s (${summary.perSecond}/s; --rate ${rate})`,
      );
      io.out(`had          ${summary.had} (in the file before)`);
      io.out(
        `unavailable  ${summary.unavailable}${summary.unavailable > 0 ? " (listed above; run again to try them again)" : ""}`,
      );
      io.out(`file         ${summary.lines} lines, one per request`);
      io.out(
        `requests     ${summary.requests} (${summary.requestsPerSecond}/s), of which retries ${summary.retries} (429: ${summary.rateLimited})`,
      );
      io.out(`next         attestkit audit ${options.out}${options.v2 ? " --v2" : ""}`);
    }
    return unavailableCount > 0 ? exitCodes.incomplete : exitCodes.ok;
  } catch (error) {
    file?.close();
    return reportError({ io, error: inCliTerms(error, options.out), json: options.json });
  }
}

/**
 * The collection's own failures in the command line's words (exit 3: the service kept failing),
 * with what to type to go on; any other error as it is.
 */
function inCliTerms(error: unknown, out: string): unknown {
  if (
    !(error instanceof CollectAttemptsExhaustedError) &&
    !(error instanceof CollectRetryAfterTooLongError) &&
    !(error instanceof CollectListingLoopError)
  )
    return error;
  return new CliError(error.shortMessage, {
    exitCode: exitCodes.network,
    cause: error.cause,
    metaMessages: [
      `What was collected is in ${out}: run the same command again to go on from there.`,
      ...(error instanceof CollectAttemptsExhaustedError
        ? [
            "Lower --rate, or raise --max-attempts, if the service keeps answering 429 or dropping connections.",
          ]
        : []),
    ],
  });
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new CliError(
      `${flag} is ${JSON.stringify(value)}; expected a whole number from ${min} to ${max}.`,
      {
        exitCode: exitCodes.badInput,
        field: flag,
      },
    );
  return n;
}

function positiveNumber(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < 0.001 || n > 100_000)
    throw new CliError(
      `${flag} is ${JSON.stringify(value)}; expected requests per second, from 0.001 to 100000.`,
      {
        exitCode: exitCodes.badInput,
        field: flag,
      },
    );
  return n;
}

/** A time given as Unix seconds, or as an ISO 8601 date or date and time (a date alone: its midnight UTC). */
function unixSeconds(flag: string, value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms))
    throw new CliError(
      `${flag} is ${JSON.stringify(value)}; expected Unix seconds or an ISO 8601 date (2025-01-31, 2025-01-31T12:00:00Z).`,
      { exitCode: exitCodes.badInput, field: flag },
    );
  return Math.floor(ms / 1000);
}
