import type { Hex } from "viem";
import type { AttestationVersion, EncodingOptions } from "../attestation/types.js";
import type { EntryEncoder } from "./internal/encodeEntryInto.js";
import type { AuditEntryResult, BatchSignerRecovery, RecoveryInput } from "./types.js";

/** What a batch verifier is built with and keeps between batches (`createBatchVerifier`). */
export type BatchVerifierState = {
  /** Lowercase addresses of the allowed solvers. */
  readonly allowed: ReadonlySet<string>;
  /** The engine's signer recovery. */
  readonly recover: BatchSignerRecovery;
  /** Writes the common entry's tuple into a buffer; false for any other entry. */
  readonly encodeCommon: EntryEncoder;
  /** Where the common entry's tuple is written (it is hashed at once). */
  readonly scratch: Uint8Array;
  /** The EIP-191 message: its prefix, then each entry's hash (written in place). */
  readonly message: Uint8Array;
  /** The signed tuple's version. */
  readonly version: AttestationVersion | undefined;
  /** VM type per chain id, overriding the built-in table. */
  readonly vmTypes: EncodingOptions["vmTypes"];
  /** Keep `encoded` in each verdict. */
  readonly includeEncoded: boolean;
};

/** The hashes a verdict carries: none (`hashes: false`), or hash and digest, with `encoded` if kept. */
export type AuditEntryHashes = { encoded?: Hex; hash: Hex; digest: Hex };

/** One batch being verified: its results, and the signatures waiting for their signers. */
export type AuditEntryBatch = {
  /** Each entry's result, once known, at its index. */
  readonly results: AuditEntryResult[];
  /** Entries whose signature passed the rules: their index and hashes, in order. */
  readonly waiting: { index: number; hashes: AuditEntryHashes }[];
  /** Their signatures, in the same order, for the engine. */
  readonly inputs: RecoveryInput[];
};
