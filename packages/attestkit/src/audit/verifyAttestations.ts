import { availableParallelism } from "node:os";
import type { AttestationVersion, EncodingOptions } from "../attestation/types.js";
import { addToSummary } from "./addToSummary.js";
import { type CreateBatchVerifierErrorType, createBatchVerifier } from "./createBatchVerifier.js";
import {
  type AuditWorkerErrorType,
  type InvalidAuditInputErrorType,
  InvalidAuditOptionError,
  type InvalidAuditOptionErrorType,
  type NativeSecp256k1UnavailableErrorType,
} from "./errors.js";
import {
  type AuditInputFormat,
  type AuditInputSource,
  auditBatchBytes,
  readAuditInput,
} from "./readAuditInput.js";
import { resolveAuditEngine } from "./resolveAuditEngine.js";
import { type AuditPipelineBatch, runAuditPipeline } from "./runAuditPipeline.js";
import type {
  AuditAttestation,
  AuditConfig,
  AuditEngine,
  AuditEntryResult,
  AuditPosition,
  AuditSummary,
  ResolvedAuditEngine,
} from "./types.js";

// Below this many entries, starting threads costs more than it saves.
const threadThreshold = 512;

export type VerifyAttestationsParameters = {
  /**
   * The entries, as data (they are posted to worker threads): an array, or any iterable or async
   * iterable, read as fast as it is verified. Give this or `input`.
   */
  attestations?: Iterable<AuditAttestation> | AsyncIterable<AuditAttestation> | undefined;
  /**
   * The entries as text: the bytes of JSON Lines (one entry per line) or of one JSON array, from a
   * file stream, standard input, a fetch body or strings. Read as a stream, in bounded memory; a
   * JSON Lines file given as its unread read stream (`createReadStream(path)`) of 1 MiB or more is
   * read by the worker threads themselves, each its own byte ranges, and closed when done.
   */
  input?: AuditInputSource | undefined;
  /** Allowed signers, compared case-insensitively. Defaults to the live solver. */
  solvers?: readonly string[] | undefined;
  /** `v1` (the default) or `v2`, for every entry. */
  version?: AttestationVersion | undefined;
  /** VM type per chain id, overriding the built-in table. */
  vmTypes?: EncodingOptions["vmTypes"];
  /**
   * Worker threads, at most (a thread starts only when a batch needs it); 0 verifies in this
   * thread. By default `os.availableParallelism()`, or 0 for fewer than 512 entries, which one
   * thread verifies faster than threads start (for `input` and iterables: known once 512 entries
   * have been read, or the input has ended).
   */
  workers?: number | undefined;
  /** Signer recovery: `auto` (default: native when it loads, else noble), `native` or `noble`. */
  engine?: AuditEngine | undefined;
  /** Keep each verdict's `encoded` (224 bytes of hex each); default true. */
  includeEncoded?: boolean | undefined;
  /**
   * Noble engine: recover a batch's signatures together (default true; several times faster), or
   * one at a time (false; the earlier method, kept for comparison). The results are the same.
   */
  batch?: boolean | undefined;
  /**
   * Entries per batch handed to a worker; by default about eight batches per thread (16 to 512)
   * for an array, 256 otherwise. JSON Lines text goes in batches of 128 KiB (native) or 1 MiB
   * (noble).
   */
  chunkSize?: number | undefined;
  /** Called after each batch: entries done, the total when known, and input bytes read. */
  onProgress?: ((progress: AuditProgress) => void) | undefined;
  /**
   * Receives each result in input order, with where its entry is: its index (for a JSON array
   * input, the element's index in the array, counted across batches and threads) and, for text
   * input, its line. When given, results are not kept (memory stays bounded whatever the input's
   * size) and the return value has no `results`.
   */
  onResult?: ((result: AuditEntryResult, position: AuditPosition) => void) | undefined;
  /** Stops the audit: the promise rejects with the signal's reason and every worker stops. */
  signal?: AbortSignal | undefined;
};

/** How far an audit is. */
export type AuditProgress = {
  /** Entries verified. */
  done: number;
  /** Entries in all, when known (an array). */
  total: number | undefined;
  /** Bytes of `input` read so far. */
  bytesRead: number | undefined;
};

export type VerifyAttestationsReturnType = {
  /**
   * One result per entry, in input order: a verdict, or the error the reference throws, described.
   * For a JSON array input, `results[i]` is the element `.[i]` of the array.
   */
  results: AuditEntryResult[];
  /** Counts: valid, invalid by reason, malformed by error name. */
  summary: AuditSummary;
  /** The engine that ran. */
  engine: ResolvedAuditEngine;
  /** Worker threads that ran (0: this thread). */
  workers: number;
  /** The layout of `input`: JSON Lines or one JSON array. */
  format: AuditInputFormat | undefined;
};

/** What {@link verifyAttestations} returns when each result went to `onResult`. */
export type VerifyAttestationsStreamReturnType = Omit<VerifyAttestationsReturnType, "results">;

export type VerifyAttestationsErrorType =
  | CreateBatchVerifierErrorType
  | InvalidAuditOptionErrorType
  | InvalidAuditInputErrorType
  | NativeSecp256k1UnavailableErrorType
  | AuditWorkerErrorType;

/**
 * Verifies many attestations against one solver set, bit-exact with `verifyAttestationNoble` and
 * `verifyAttestation`: each result is what they return, or the error they throw as
 * `{ name, field?, message }`. Recovery is accelerated (libsecp256k1, or noble with the solvers'
 * keys precomputed and a batch confirmed at once) and spread over worker threads. The entries
 * stream through: from `input` (JSON Lines or a JSON array, as bytes) or any iterable, and with
 * `onResult` to the caller, so a file of millions of lines is audited in bounded memory.
 *
 * @param parameters - {@link VerifyAttestationsParameters}
 * @returns The results in input order (unless `onResult` took them) and their summary.
 * {@link VerifyAttestationsReturnType}
 * @throws InvalidAddressError for a bad solver (field `solvers[i]`) before any entry is looked at;
 * InvalidAuditOptionError, InvalidAuditInputError (input that is not text, a broken array),
 * NativeSecp256k1UnavailableError, AuditWorkerError; the abort reason.
 * @example
 * const { summary } = await verifyAttestations({ attestations, solvers: [solver] })
 * // { total: 10000, valid: 9990, invalid: 10, malformed: 0, reasons: { "signer-not-allowed": 10 }, errors: {} }
 * @example
 * await verifyAttestations({ input: createReadStream("audit.jsonl"), onResult: (result, { line }) => ... })
 */
export function verifyAttestations(
  parameters: VerifyAttestationsParameters & {
    onResult: NonNullable<VerifyAttestationsParameters["onResult"]>;
  },
): Promise<VerifyAttestationsStreamReturnType>;
export function verifyAttestations(
  parameters: VerifyAttestationsParameters,
): Promise<VerifyAttestationsReturnType>;
export async function verifyAttestations({
  attestations,
  input,
  solvers,
  version,
  vmTypes,
  workers,
  engine = "auto",
  includeEncoded,
  batch,
  chunkSize,
  onProgress,
  onResult,
  signal,
}: VerifyAttestationsParameters): Promise<VerifyAttestationsReturnType | VerifyAttestationsStreamReturnType> {
  signal?.throwIfAborted();
  if ((attestations === undefined) === (input === undefined))
    throw new InvalidAuditOptionError({
      option: "attestations",
      value: attestations === undefined ? "missing" : "given with input",
      expected: "exactly one of attestations and input",
    });
  if (workers !== undefined && (!Number.isSafeInteger(workers) || workers < 0))
    throw new InvalidAuditOptionError({ option: "workers", value: workers, expected: "an integer >= 0" });
  if (chunkSize !== undefined && (!Number.isSafeInteger(chunkSize) || chunkSize < 1))
    throw new InvalidAuditOptionError({ option: "chunkSize", value: chunkSize, expected: "an integer >= 1" });
  if (version !== undefined && version !== "v1" && version !== "v2")
    throw new InvalidAuditOptionError({ option: "version", value: version, expected: '"v1" or "v2"' });
  const resolved = resolveAuditEngine(engine);
  const config: AuditConfig = { solvers, version, vmTypes, engine: resolved, includeEncoded, batch };
  // Built here first so a bad solver throws before any thread starts or any input is read.
  createBatchVerifier(config);

  const total = Array.isArray(attestations) ? attestations.length : undefined;
  let format: AuditInputFormat | undefined;
  let bytesRead: number | undefined;
  let batches: AsyncIterable<AuditPipelineBatch> | Iterable<AuditPipelineBatch>;
  if (input !== undefined)
    batches = (async function* () {
      for await (const batch of readAuditInput({
        source: input,
        batchItems: chunkSize,
        batchBytes: auditBatchBytes[resolved],
      })) {
        format = batch.format;
        bytesRead = batch.bytesRead;
        yield batch;
      }
    })();
  else if (total !== undefined) {
    const size = chunkSize ?? Math.min(512, Math.max(16, Math.ceil(total / (Math.max(workers ?? 1, 1) * 8))));
    batches = chunkArray(attestations as readonly AuditAttestation[], size);
  } else batches = chunkIterable(attestations as Iterable<AuditAttestation>, chunkSize ?? 256);

  const results: AuditEntryResult[] = [];
  const summary: AuditSummary = { total: 0, valid: 0, invalid: 0, malformed: 0, reasons: {}, errors: {} };
  const { workers: ran } = await runAuditPipeline({
    batches,
    workers: workers ?? (total === undefined ? "auto" : total < threadThreshold ? 0 : availableParallelism()),
    threshold: threadThreshold,
    config,
    output: "results",
    signal,
    onBatch: (response) => {
      const batchResults = response.results as AuditEntryResult[];
      const first = summary.total;
      addToSummary(summary, response.count, response.notes);
      if (onResult)
        for (const [i, result] of batchResults.entries())
          onResult(result, { index: first + i, line: response.lines?.[i] });
      else for (const result of batchResults) results.push(result);
      onProgress?.({ done: summary.total, total, bytesRead });
    },
  });
  const out = { summary, engine: resolved, workers: ran, format };
  return onResult ? out : { results, ...out };
}

function* chunkArray(attestations: readonly AuditAttestation[], size: number): Generator<AuditPipelineBatch> {
  for (let start = 0; start < attestations.length; start += size) {
    const items = attestations.slice(start, start + size);
    yield { kind: "items", items, size: items.length };
  }
}

async function* chunkIterable(
  attestations: Iterable<AuditAttestation> | AsyncIterable<AuditAttestation>,
  size: number,
): AsyncGenerator<AuditPipelineBatch> {
  let items: AuditAttestation[] = [];
  for await (const attestation of attestations) {
    items.push(attestation);
    if (items.length === size) {
      yield { kind: "items", items, size };
      items = [];
    }
  }
  if (items.length > 0) yield { kind: "items", items, size: items.length };
}
