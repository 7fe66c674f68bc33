import type { Io } from "../../packages/attestkit/src/cli/io.js";
import { plainText } from "./plainText.js";

/** An Io that records what a command prints, for tests: each line as text, without its styles. */
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
    out: (line) => stdout.push(plainText(line)),
    err: (line) => stderr.push(plainText(line)),
    exit: () => {},
    json: () => JSON.parse(stdout.join("\n")) as Record<string, unknown>,
  };
}
