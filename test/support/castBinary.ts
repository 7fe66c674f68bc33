// Foundry's cast from npm (`@foundry-rs/cast`, a dev dependency), run as a separate process.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * The cast binary: the platform package's (`@foundry-rs/cast-<os>-<arch>/bin/cast`), which the npm
 * launcher `node_modules/.bin/cast` starts. The launcher (1.7.1) exits 0 whatever cast returns, so
 * callers that need cast's exit code run the binary itself; the launcher only where no platform
 * package is installed.
 */
export const castBinary: string = (() => {
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  const name = process.platform === "win32" ? "cast.exe" : "cast";
  try {
    return createRequire(import.meta.url).resolve(`@foundry-rs/cast-${process.platform}-${arch}/bin/${name}`);
  } catch {
    return fileURLToPath(new URL("../../node_modules/.bin/cast", import.meta.url));
  }
})();

/**
 * Runs cast without blocking the event loop (a devnet in the same process must answer it) and
 * returns its trimmed stdout.
 *
 * @param args - cast's arguments.
 * @returns What cast printed on stdout, trimmed.
 * @throws Error naming the command and carrying cast's stderr when cast exits non-zero.
 * @example
 * await runCast(["block-number", "--rpc-url", rpcUrl]) // "12"
 */
export function runCast(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(castBinary, [...args], { encoding: "utf8", timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`cast ${args.join(" ")} failed (${error.code}): ${stderr.trim()}`));
      else resolve(stdout.trim());
    });
  });
}
