import type { Address, Hex } from "viem";
import type { AttestationInvalidReason, AttestationVersion, EncodingOptions } from "../attestation/types.js";
import type { InvalidAuditInputError } from "./errors.js";

/** One attestation to audit: the signature endpoint's answer with its request id, as data. */
export type AuditAttestation = {
  /** The request id, 32 bytes of hex. */
  requestId: unknown;
  /** `requestData` as the signature endpoint returned it; every field is checked, none trusted. */
  requestData: unknown;
  /** The 65-byte `r || s || v` signature as hex. */
  signature: unknown;
};

/** How signers are recovered: `auto` takes `native` when libsecp256k1 loads, else `noble`. */
export type AuditEngine = "auto" | "native" | "noble";

/** The engine that actually ran. */
export type ResolvedAuditEngine = Exclude<AuditEngine, "auto">;

/** A thrown error as data (it crosses worker threads): its name, the field it names, one line. */
export type AuditErrorDescription = {
  /** The error class, e.g. `InvalidAmountError`. */
  name: string;
  /** The field the error names, when it names one. */
  field?: string;
  /** Its one-line message. */
  message: string;
};

/** The verdict on a well-formed attestation: exactly what `verifyAttestationNoble` returns. */
export type AuditVerdict = {
  /** True only if the signature recovers to one of the allowed solvers. */
  valid: boolean;
  /**
   * The recovered signer (EIP-55), or null when the signature does not recover. Also null in a
   * verdict made for notes only (`signers: false`) on a signature whose signer is not allowed:
   * its reason says so, and the signer is not worked out.
   */
  signer: Address | null;
  /** Set when `valid` is false. */
  reason?: AttestationInvalidReason;
  /** The ABI-encoded tuple; left out when `includeEncoded` is false. */
  encoded?: Hex;
  /** keccak256 of the encoded tuple. */
  hash: Hex;
  /** EIP-191 digest of `hash`. */
  digest: Hex;
};

/** An attestation that `verifyAttestationNoble` throws on (a malformed field or signature). */
export type AuditMalformed = {
  valid: false;
  signer: null;
  /** The error the reference verifier throws, described. */
  error: AuditErrorDescription;
};

/** One entry's outcome, in input order. */
export type AuditEntryResult = AuditVerdict | AuditMalformed;

/** Counts over a whole audit. */
export type AuditSummary = {
  /** Entries audited. */
  total: number;
  /** Entries signed by an allowed solver. */
  valid: number;
  /** Well-formed entries that are not valid. */
  invalid: number;
  /** Entries the reference verifier throws on. */
  malformed: number;
  /** Invalid entries per reason. */
  reasons: Partial<Record<AttestationInvalidReason, number>>;
  /** Malformed entries per error name. */
  errors: Record<string, number>;
};

/** What every thread needs to verify entries the same way; plain data, so it can be posted. */
export type AuditConfig = {
  /** Allowed signers; the live solver when undefined. */
  solvers?: readonly string[] | undefined;
  /** The signed tuple: `v1` (default) or `v2`. */
  version?: AttestationVersion | undefined;
  /** VM type per chain id, overriding the built-in table. */
  vmTypes?: EncodingOptions["vmTypes"];
  /** The recovery engine, already resolved. */
  engine: ResolvedAuditEngine;
  /** Keep `encoded` in each verdict (default true). */
  includeEncoded?: boolean | undefined;
  /** Noble engine: recover a batch's signatures together (default true), or one at a time. */
  batch?: boolean | undefined;
  /**
   * The pipeline alone, for benchmarks: entries are read, parsed and reported as usual, but none
   * is looked at (each reads as valid, with no signer and empty hashes). Never for an audit.
   */
  pipelineOnly?: boolean | undefined;
};

/** A signature that passed the signature rules, with the digest it signs. */
export type RecoveryInput = {
  /** The 32-byte EIP-191 digest. */
  digest: Uint8Array;
  /** `r || s`, 64 bytes: `r` in `1 .. n - 1`, `s` in `1 .. n / 2`. */
  rs: Uint8Array;
  /** `v - 27`. */
  yParity: 0 | 1;
};

/** Recovers the signer (EIP-55), or returns null where `ecrecover` fails (`unrecoverable`). */
export type SignerRecovery = (input: RecoveryInput) => Address | null;

/** What a batch recovery is asked for. */
export type BatchRecoveryOptions = {
  /**
   * false: verdicts only. A signature that none of the allowed solvers' keys confirms may come
   * back `false` (its signer is not allowed) instead of its signer, which is then not worked out.
   * Default true: every signer.
   */
  signers?: boolean | undefined;
};

/**
 * Recovers the signers of many signatures, in order; each exactly as {@link SignerRecovery} would,
 * or `false` (signer not allowed) where `signers: false` allows it.
 */
export type BatchSignerRecovery = (
  inputs: readonly RecoveryInput[],
  options?: BatchRecoveryOptions,
) => (Address | null | false)[];

/** What a batch's results come back as, from a worker or this thread. */
export type AuditOutput =
  /** Every result as data (what `verifyAttestations` returns). */
  | "results"
  /**
   * Every result as one JSON row `{index?, line?, requestId?, ...result}` (what `attestkit audit
   * --json` prints): `index` for an entry of a JSON array (its index there), `line` for text input.
   */
  | "json"
  /** Only the entries that are not valid, as notes (what a summary needs). */
  | "notes";

/** An entry that is not valid, with what a summary and a report need of it. */
export type AuditNote = {
  /** The entry's index within its batch. */
  index: number;
  /**
   * The entry's 0-based index in the input's JSON array (jq's `.[arrayIndex]`), counted across
   * every batch, for an entry read from a JSON array.
   */
  arrayIndex?: number;
  /** The line it starts on, for text input. */
  line?: number;
  /** The reason of an invalid entry. */
  reason?: AttestationInvalidReason;
  /** The error of a malformed entry. */
  error?: AuditErrorDescription;
};

/** Where an entry is in the input. */
export type AuditPosition = {
  /**
   * 0-based, counting every entry (malformed ones too). For a JSON array input, the element's index
   * in the array (jq's `.[index]`), since every element is an entry.
   */
  index: number;
  /** The 1-based line it starts on, for text input (for an array element, the line of its first byte). */
  line: number | undefined;
};

/**
 * A batch of entries as it moves through an audit: whole lines of JSON Lines, entries parsed, or
 * a byte range of a JSON Lines file that the thread verifying it reads for itself.
 */
export type AuditBatch =
  | {
      kind: "text";
      /** Whole lines (the last may lack its line end at the end of the input). */
      bytes: Uint8Array;
      /** The 1-based line number of the first line. */
      line: number;
      /** The byte offset of `bytes[0]` in the input. */
      offset: number;
      /** Lines in the batch: at most this many entries. */
      size: number;
    }
  | {
      kind: "items";
      /** The entries, as data. */
      items: readonly unknown[];
      /** Each entry's line, for entries read from text. */
      lines?: readonly number[] | undefined;
      /**
       * The 0-based index in the input's JSON array of the first entry, for entries read from a
       * JSON array: `items[i]` is the array's element `index + i` (jq's `.[index + i]`).
       */
      index?: number | undefined;
      /** Entries in the batch. */
      size: number;
    }
  | {
      kind: "range";
      /** The file, a descriptor of this process, open for reading until the batch after the last. */
      fd: number;
      /** The lines that start in `[start, end)` are this batch's; its last line may run past `end`. */
      start: number;
      /** See `start`. The last range runs to the end of the file, wherever that is when it is read. */
      end: number;
      /** Whether a line starts at `start` (the first range: the file's first byte after a BOM). */
      first: boolean;
      /** The last range of the file. */
      last: boolean;
      /** Longest line accepted, in bytes. */
      maxEntryBytes: number;
      /** At most this many entries: the range's length in bytes (a count is known once it is read). */
      size: number;
    };

/**
 * A batch to verify, numbered, without its size (the thread counts for itself). A range carries
 * the line it starts on when that is known as it is sent (in this thread; a worker is told later).
 */
export type AuditBatchRequest =
  | ({ seq: number } & Omit<Extract<AuditBatch, { kind: "text" }>, "size">)
  | ({ seq: number } & Omit<Extract<AuditBatch, { kind: "items" }>, "size">)
  | ({ seq: number; line?: number | undefined } & Omit<Extract<AuditBatch, { kind: "range" }>, "size">);

/** A batch's results, in the form the run asked for. */
export type AuditBatchResponse =
  | {
      seq: number;
      /** Entries in the batch. */
      count: number;
      /** Each entry's line, when known (output `results` only: notes and rows carry their own). */
      lines: number[] | undefined;
      /** Every result (output `results`). */
      results?: AuditEntryResult[];
      /** Every result as a JSON row, rows joined by `,\n` (output `json`). */
      json?: string;
      /** The entries that are not valid. */
      notes: AuditNote[];
    }
  | {
      seq: number;
      /** The input cannot be read from this batch on: the error's parts, to be rebuilt. */
      failure: Pick<InvalidAuditInputError, "reason" | "problem" | "line" | "offset">;
    };
