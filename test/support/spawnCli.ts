// The CLI as a user runs it: `bin/attestkit.js` in a child process, its standard output a pipe whose
// reader may close early, as `attestkit ... | head -n 1` does.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The CLI's entry point, run by the test's own Node.js. */
export const cliBin = fileURLToPath(new URL("../../packages/attestkit/bin/attestkit.js", import.meta.url));

/** The environment without any colour setting of the test run's own. */
export function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NO_COLOR: _no, FORCE_COLOR: _force, ...env } = process.env;
  return { ...env, ...extra };
}

export type SpawnCliParameters = {
  /** Close the reading end of standard output after this many lines (0: before anything is written). */
  closeAfterLines?: number | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** Called with what was read once the reading end is closed (a test then lets the service answer). */
  onClosed?: ((stdout: string) => void) | undefined;
};

export type SpawnCliReturnType = {
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What was read before the reading end closed (everything, when it never did). */
  stdout: string;
  stderr: string;
};

/**
 * Runs `attestkit ...args` and resolves when it exits. With `closeAfterLines`, the test stops
 * reading and closes its end of the pipe after that many lines, so the CLI's next write fails
 * with EPIPE, as when `head` exits.
 *
 * @param args - The command line after `attestkit`.
 * @param parameters - {@link SpawnCliParameters}
 * @returns How it ended and what it wrote. {@link SpawnCliReturnType}
 */
export function spawnCli(args: string[], parameters: SpawnCliParameters = {}): Promise<SpawnCliReturnType> {
  const { closeAfterLines, env = plainEnv(), onClosed } = parameters;
  const child = spawn(process.execPath, [cliBin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    // Destroying the socket closes the pipe's only reading end at once: the next write is EPIPE.
    child.stdout.destroy();
    onClosed?.(stdout);
  };
  child.stderr.on("data", (chunk) => (stderr += chunk));
  if (closeAfterLines === 0) close();
  else
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (closeAfterLines !== undefined && stdout.split("\n").length > closeAfterLines) close();
    });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
