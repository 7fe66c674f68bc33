import type { FixedTable } from "./fixedTable.js";

/**
 * The window of G's table that a process builds once and shares with its audit worker threads:
 * the noble engine's narrow window (`createNobleRecovery`'s default `narrowWindow`), the one every
 * thread's batches start with.
 */
export const sharedGeneratorWindow = 10;

/**
 * G's fixed table as it crosses threads: its shape, and the limbs of its points (`FixedTable`'s
 * `xs` and `ys`) in SharedArrayBuffers, so that a thread started with it reads the same memory.
 */
export type SharedGeneratorTable = {
  /** The window width, in bits. */
  readonly w: number;
  /** Windows in the table. */
  readonly windows: number;
  /** Points per window, 2^(w-1). */
  readonly half: number;
  /** The points' x limbs, as `FixedTable.xs` holds them. */
  readonly xs: SharedArrayBuffer;
  /** The points' y limbs, as `FixedTable.ys` holds them. */
  readonly ys: SharedArrayBuffer;
};

/**
 * Per thread: G's fixed tables by window (`generatorTable`), and the table this thread shares
 * (`sharedGeneratorTable`) or was started with (`adoptGeneratorTable`), once there is one.
 */
export const generatorTables: {
  readonly byWindow: Map<number, FixedTable>;
  shared: SharedGeneratorTable | undefined;
} = { byWindow: new Map(), shared: undefined };
