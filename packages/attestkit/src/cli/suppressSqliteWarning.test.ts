import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, onTestFinished, test } from "vitest";
import { cliBin, plainEnv } from "../../../../test/support/spawnCli.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { suppressSqliteWarning } from "./suppressSqliteWarning.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** A process stand-in that records the warnings it would print. */
function target() {
  const emitted: unknown[][] = [];
  const fake = { emitWarning: (...args: unknown[]) => void emitted.push(args) } as unknown as Pick<
    NodeJS.Process,
    "emitWarning"
  >;
  suppressSqliteWarning(fake);
  return { emit: fake.emitWarning, emitted };
}

test("default: the SQLite ExperimentalWarning is dropped, in each form emitWarning takes", () => {
  const { emit, emitted } = target();
  const message = "SQLite is an experimental feature and might change at any time";
  emit(message, "ExperimentalWarning");
  emit(message, { type: "ExperimentalWarning" });
  emit(Object.assign(new Error(message), { name: "ExperimentalWarning" }));
  expect(emitted).toEqual([]);
});

test("every other warning passes, other experimental ones and SQLite's text under another type too", () => {
  const { emit, emitted } = target();
  emit("WebSocket is an experimental feature and might change at any time", "ExperimentalWarning");
  emit("SQLite is an experimental feature and might change at any time", "DeprecationWarning");
  emit("something else");
  expect(emitted.map(([warning]) => warning)).toEqual([
    "WebSocket is an experimental feature and might change at any time",
    "SQLite is an experimental feature and might change at any time",
    "something else",
  ]);
});

test("in Node.js: node:sqlite loads without its warning; another warning is still printed", () => {
  const script = [
    `const { suppressSqliteWarning } = await import(${JSON.stringify(`${root}src/cli/suppressSqliteWarning.ts`)});`,
    "suppressSqliteWarning();",
    'await import("node:sqlite");',
    'process.emitWarning("Something else is experimental", "ExperimentalWarning");',
  ].join("\n");
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    env: plainEnv(),
  });
  expect(result.status).toBe(0);
  expect(result.stderr).not.toContain("SQLite");
  expect(result.stderr).toContain("ExperimentalWarning: Something else is experimental");
});

test("attestkit devnet --state prints no ExperimentalWarning", async () => {
  const state = makeTempDir("sqlite-warning");
  const child = spawn(process.execPath, [cliBin, "devnet", "--port", "0", "--state", state, "--json"], {
    env: plainEnv({ HARDHAT_DISABLE_TELEMETRY: "true" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  // Up once the info line is out: the state database is open by then.
  const up = await new Promise<boolean>((resolve) => {
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(true);
    });
    child.once("close", () => resolve(false));
  });
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(up).toBe(true);
  expect(stderr).toContain("[devnet] state: ");
  expect(stderr).not.toContain("Warning");
});
