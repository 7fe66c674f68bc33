import { availableParallelism } from "node:os";
import type { AttestationVersion, EncodingOptions } from "../attestation/types.js";
import {
  type CreateEntryVerifierErrorType,
  createEntryVerifier,
  type EntryVerifier,
} from "./createEntryVerifier.js";
import { type AuditWorkerError, InvalidAuditOptionError, NativeSecp256k1UnavailableError } from "./errors.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";
import { runAuditWorkers } from "./runAuditWorkers.js";
import { summarizeAuditResults } from "./summarizeAuditResults.js";
import type {
  AuditAttestation,
  AuditConfig,
  AuditEngine,
  AuditEntryResult,
  AuditSummary,
  ResolvedAuditEngine,
} from "./types.js";

// Below this many entries, starting threads costs more than it saves.
const threadThreshold = 512;

export type VerifyAttestationsParameters = {
  /** The entries, as data (they are posted to worker threads). */
  attestations: readonly AuditAttestation[];
  /** Allowed signers, compared case-insensitively. Defaults to the live solver. */
  solvers?: readonly string[] | undefined;
  /** `v1` (the default) or `v2`, for every entry. */
  version?: AttestationVersion | undefined;
  /** VM type per chain id, overriding the built-in table. */
  vmTypes?: EncodingOptions["vmTypes"];
  /**
   * Worker threads; 0 verifies in this thread. By default `os.availableParallelism()`, or 0 for
   * fewer than 512 entries, which one thread verifies faster than threads start.
   */
  workers?: number | undefined;
  /** Signer recovery: `auto` (default: native when it loads, else noble), `native` or `noble`. */
  engine?: AuditEngine | undefined;
  /** Keep each verdict's `encoded` (224 bytes of hex each); default true. */
  includeEncoded?: boolean | undefined;
  /** Entries per chunk handed to a worker; by default about eight chunks per thread, 16 to 512. */
  chunkSize?: number | undefined;
  /** Called after each chunk with the entries done so far. */
  onProgress?: ((progress: { done: number; total: number }) => void) | undefined;
  /** Stops the audit: the promise rejects with the signal's reason and every worker stops. */
  signal?: AbortSignal | undefined;
};

export type VerifyAttestationsReturnType = {
  /** One result per entry, in input order: a verdict, or the error the reference throws, described. */
  results: AuditEntryResult[];
  /** Counts: valid, invalid by reason, malformed by error name. */
  summary: AuditSummary;
  /** The engine that ran. */
  engine: ResolvedAuditEngine;
  /** Worker threads that ran (0: this thread). */
  workers: number;
};

export type VerifyAttestationsErrorType =
  | CreateEntryVerifierErrorType
  | InvalidAuditOptionError
  | NativeSecp256k1UnavailableError
  | AuditWorkerError;

/**
 * Verifies many attestations against one solver set, bit-exact with `verifyAttestationNoble` and
 * `verifyAttestation`: each result is what they return, or the error they throw as
 * `{ name, field?, message }`. Recovery is accelerated (libsecp256k1, or noble with the solvers'
 * keys precomputed) and spread over worker threads.
 *
 * @param parameters - {@link VerifyAttestationsParameters}
 * @returns The results in input order and their summary. {@link VerifyAttestationsReturnType}
 * @throws InvalidAddressError for a bad solver (field `solvers[i]`) before any entry is looked at;
 * InvalidAuditOptionError, NativeSecp256k1UnavailableError, AuditWorkerError; the abort reason.
 * @example
 * const { summary } = await verifyAttestations({ attestations, solvers: [solver] })
 * // { total: 10000, valid: 9990, invalid: 10, malformed: 0, reasons: { "signer-not-allowed": 10 }, errors: {} }
 */
export async function verifyAttestations({
  attestations,
  solvers,
  version,
  vmTypes,
  workers = attestations.length < threadThreshold ? 0 : availableParallelism(),
  engine = "auto",
  includeEncoded,
  chunkSize,
  onProgress,
  signal,
}: VerifyAttestationsParameters): Promise<VerifyAttestationsReturnType> {
  signal?.throwIfAborted();
  if (!Number.isSafeInteger(workers) || workers < 0)
    throw new InvalidAuditOptionError({ option: "workers", value: workers, expected: "an integer >= 0" });
  if (chunkSize !== undefined && (!Number.isSafeInteger(chunkSize) || chunkSize < 1))
    throw new InvalidAuditOptionError({ option: "chunkSize", value: chunkSize, expected: "an integer >= 1" });
  if (version !== undefined && version !== "v1" && version !== "v2")
    throw new InvalidAuditOptionError({ option: "version", value: version, expected: '"v1" or "v2"' });
  const resolved = resolveEngine(engine);
  const config: AuditConfig = { solvers, version, vmTypes, engine: resolved, includeEncoded };
  // Built here first so a bad solver throws before any thread starts.
  const verifier = createEntryVerifier(config);

  const total = attestations.length;
  const size = chunkSize ?? Math.min(512, Math.max(16, Math.ceil(total / (Math.max(workers, 1) * 8))));
  const chunks: [number, number][] = [];
  for (let start = 0; start < total; start += size) chunks.push([start, Math.min(total, start + size)]);
  const threads = Math.min(workers, chunks.length);
  const results = new Array<AuditEntryResult>(total);
  let done = 0;
  const onDone = (count: number) => {
    done += count;
    onProgress?.({ done, total });
  };

  if (threads === 0) await runHere({ attestations, results, chunks, verify: verifier, onDone, signal });
  else
    await runAuditWorkers({
      attestations,
      results,
      chunks,
      workers: threads,
      config,
      local: () => verifier,
      onDone,
      signal,
    });
  return { results, summary: summarizeAuditResults(results), engine: resolved, workers: threads };
}

function resolveEngine(engine: AuditEngine): ResolvedAuditEngine {
  if (engine !== "auto" && engine !== "native" && engine !== "noble")
    throw new InvalidAuditOptionError({
      option: "engine",
      value: engine,
      expected: '"auto", "native" or "noble"',
    });
  if (engine === "noble") return "noble";
  const native = loadNativeSecp256k1();
  if (native.binding) return "native";
  if (engine === "native") throw new NativeSecp256k1UnavailableError({ cause: native.error });
  return "noble";
}

async function runHere({
  attestations,
  results,
  chunks,
  verify,
  onDone,
  signal,
}: {
  attestations: readonly AuditAttestation[];
  results: AuditEntryResult[];
  chunks: readonly [number, number][];
  verify: EntryVerifier;
  onDone: (count: number) => void;
  signal?: AbortSignal | undefined;
}): Promise<void> {
  for (const [start, end] of chunks) {
    for (let i = start; i < end; i++) results[i] = verify(attestations[i] as AuditAttestation);
    onDone(end - start);
    // Between chunks, let timers, I/O and an abort through.
    await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
  }
}
