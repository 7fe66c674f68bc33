import { type BaseClient, createBaseClient } from "../../client/createBaseClient.js";
import { collectAttestations } from "../../collect/collectAttestations.js";
import type { CollectProgress } from "../../collect/types.js";
import type { AuditTerminal } from "../createAuditProgressBar.js";
import { createCollectProgressBar } from "../createCollectProgressBar.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { reportError } from "../reportError.js";
import { collectErrorInCliTerms } from "./collectErrorInCliTerms.js";
import type { CollectOptions } from "./collectOptions.js";
import { type CollectFile, openCollectFile } from "./openCollectFile.js";

export type { CollectOptions } from "./collectOptions.js";

import { type CollectSummary, printCollectSummary } from "./printCollectSummary.js";
import { type CollectFlags, readCollectFlags } from "./readCollectFlags.js";

/** How long one attempt may take when `--timeout` is not given, in ms. */
const attemptTimeoutMs = 30_000;

/** Unavailable request ids kept for the `--json` summary (each is also printed on stderr). */
const unavailableListed = 100;

/**
 * Runs `collect` and returns its exit code: the history's attestations appended to `--out`
 * (`openCollectFile`: resumed, never a line twice) as `collectAttestations` yields them, a progress
 * bar on `terminal` when it is one, then a summary (`printCollectSummary`). Exit 0, or 4 when some
 * requests had no attestation; the flags' and the service's failures as `reportError` says.
 */
export async function runCollect(
  options: CollectOptions,
  io: Io,
  { terminal }: { terminal?: AuditTerminal | undefined } = {},
): Promise<number> {
  const started = performance.now();
  let file: CollectFile | undefined;
  try {
    const flags = readCollectFlags(options);
    file = await openCollectFile({ path: options.out, version: flags.version });
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
    const run = await collectIntoFile({ client, flags, file, io, bar }).finally(() => {
      bar?.clear();
      file?.close();
    });
    const elapsedMs = Math.round(performance.now() - started);
    printCollectSummary(
      io,
      summaryOf({ run, file, flags, out: options.out, elapsedMs }),
      run.unavailable,
      options.json,
    );
    return run.unavailableCount > 0 ? exitCodes.incomplete : exitCodes.ok;
  } catch (error) {
    file?.close();
    return reportError({ io, error: collectErrorInCliTerms(error, options.out), json: options.json });
  }
}

/** What one run of the collection into the file saw. */
type CollectRun = {
  /** The last progress told. */
  last: CollectProgress | undefined;
  /** The first unavailable ids. */
  unavailable: string[];
  unavailableCount: number;
};

/** Appends what the collection yields to the file; an unavailable request is said on stderr. */
async function collectIntoFile({
  client,
  flags,
  file,
  io,
  bar,
}: {
  client: BaseClient;
  flags: CollectFlags;
  file: CollectFile;
  io: Io;
  bar: ReturnType<typeof createCollectProgressBar> | undefined;
}): Promise<CollectRun> {
  const run: CollectRun = { last: undefined, unavailable: [], unavailableCount: 0 };
  const { filters, listing, version, concurrency, rate, maxAttempts } = flags;
  for await (const item of collectAttestations(client, {
    filters,
    listing,
    version,
    concurrency,
    ratePerSecond: rate,
    maxAttempts,
    have: (requestId) => file.has(requestId),
    onProgress: (progress) => {
      run.last = progress;
      bar?.update(progress);
    },
  })) {
    if (item.type === "attestation") {
      file.append(item.attestation);
      continue;
    }
    run.unavailableCount++;
    if (run.unavailable.length < unavailableListed) run.unavailable.push(item.requestId);
    bar?.clear();
    io.err(`unavailable  ${item.requestId}: ${item.error.shortMessage}`);
  }
  return run;
}

/** The run's figures, as the summary prints them. */
function summaryOf({
  run,
  file,
  flags,
  out,
  elapsedMs,
}: {
  run: CollectRun;
  file: CollectFile;
  flags: CollectFlags;
  out: string;
  elapsedMs: number;
}): CollectSummary {
  const collected = file.appended();
  const requests = run.last?.requests ?? 0;
  const perSecond = (count: number) => (elapsedMs > 0 ? Math.round((count * 100_000) / elapsedMs) / 100 : 0);
  return {
    out,
    version: flags.version,
    listing: flags.listing,
    total: run.last?.total ?? null,
    collected,
    had: run.last?.skipped ?? 0,
    unavailable: run.unavailableCount,
    lines: file.existing + collected,
    cut: file.cut,
    retries: run.last?.retries ?? 0,
    rateLimited: run.last?.rateLimited ?? 0,
    requests,
    elapsedMs,
    perSecond: perSecond(collected),
    requestsPerSecond: perSecond(requests),
    rate: flags.rate,
  };
}
