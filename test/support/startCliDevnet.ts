// `attestkit devnet --state DIR --json` in a child process, for the tests that kill it with SIGKILL
// and start it again on the same directory.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { DevnetInfo } from "../../packages/devnet/src/start/createDevnetInfo.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** A devnet running in a child process: its info line and what it has written to stderr so far. */
export type CliDevnet = { child: ChildProcess; info: DevnetInfo; stderr: () => string };

/**
 * Starts the CLI devnet on `stateDir` with `extra` flags and resolves with its first stdout line
 * (the info object); rejects with its stderr when it exits first or is not up within 45 s.
 */
export async function startCliDevnet(stateDir: string, extra: readonly string[] = []): Promise<CliDevnet> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "packages/attestkit/src/cli/main.ts",
      "devnet",
      "--port",
      "0",
      "--state",
      stateDir,
      "--json",
      ...extra,
    ],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  try {
    const info = await new Promise<DevnetInfo>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the devnet did not start: ${stderr}`)), 45_000);
      child.stdout?.on("data", (chunk) => {
        stdout += chunk;
        const line = stdout.split("\n")[0];
        if (stdout.includes("\n") && line) {
          clearTimeout(timer);
          resolve(JSON.parse(line) as DevnetInfo);
        }
      });
      child.once("exit", (code) => reject(new Error(`the devnet exited (${code}): ${stderr}`)));
    });
    return { child, info, stderr: () => stderr };
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    throw error;
  }
}
