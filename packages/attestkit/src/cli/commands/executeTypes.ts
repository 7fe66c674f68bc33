import type { Line } from "../styledText.js";

/** Prints one JSON line of `record` with --json, else the lines of `text`. */
export type Emit = (record: Record<string, unknown>, text: readonly Line[]) => void;
