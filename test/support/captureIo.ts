import type { Io } from "../../src/cli/io.js";

/** An Io that records what a command prints, for tests. */
export function captureIo(): Io & {
  stdout: string[];
  stderr: string[];
  json: () => Record<string, unknown>;
} {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    exit: () => {},
    json: () => JSON.parse(stdout.join("\n")) as Record<string, unknown>,
  };
}
