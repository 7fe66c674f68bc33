import { execFileSync, spawn } from "node:child_process";
import { join } from "node:path";

let n = 0;

/**
 * A named pipe in `dir` that a child process (`head -c BYTES /dev/zero`) fills with zero bytes: an
 * input with no size to check, read like `/dev/zero` but finite, so a reader that reads it whole
 * ends too. `ended` says how the writer ended: `{code: 0}` once every byte was read, a broken pipe
 * when the reader stopped early.
 */
export function zeroFifo(dir: string, bytes: number) {
  const path = join(dir, `zero-${process.pid}-${n++}.fifo`);
  execFileSync("mkfifo", [path]);
  const writer = spawn("sh", ["-c", `head -c ${bytes} /dev/zero > "$0"`, path], { stdio: "ignore" });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    writer.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { path, ended };
}
