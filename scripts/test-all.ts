/**
 * Runs every test suite (Solidity tests through Hardhat, TypeScript tests through vitest) and
 * closes with one line `N passed, N failed` holding the real counts of both.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stagedPackagesVariable } from "../test/support/stagePackages.js";

const env = { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" };

/** Runs a command to its end, its output kept (and printed once it ends, so two runs do not interleave). */
function run(
  cmd: string,
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ status: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...env, ...extra }, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.once("error", (error) => resolve({ status: 1, out: `${cmd}: ${error.message}\n` }));
    child.once("close", (code) => {
      const text = Buffer.concat(out).toString("utf8");
      process.stdout.write(text);
      process.stderr.write(Buffer.concat(err));
      resolve({ status: code ?? 1, out: text });
    });
  });
}

// The contracts are compiled once, first (their scope only: the TypeScript tests deploy them): then
// the Solidity tests (which compile their own scope, the test files, on the other core) and the
// TypeScript tests run side by side. On a fresh clone the test files are most of the compiler's work
// (with solc-js, 15 s of contracts against about 40 s of tests), so the second core is not idle
// while they compile. While the contracts compile (one core), the other builds and packs both
// packages once for the package tests (test/support/stagePackages.ts); when that fails, those tests
// stage their own and report it.
const dir = mkdtempSync(join(tmpdir(), "attestkit-test-"));
const [build, staged] = await Promise.all([
  run("hardhat", ["build", "--quiet", "--no-tests"]),
  run("tsx", ["test/support/stagePackages.ts", dir]),
]);
if (build.status !== 0) {
  rmSync(dir, { recursive: true, force: true });
  console.log("\nthe contracts did not compile\n0 passed, 1 failed");
  process.exit(1);
}

// TypeScript: vitest's JSON reporter gives exact counts.
const report = join(dir, "vitest.json");
const [sol, ts] = await Promise.all([
  run("hardhat", ["test", "solidity"]),
  run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
    ATTESTKIT_SKIP_BUILD: "1",
    ...(staged.status === 0 ? { [stagedPackagesVariable]: dir } : {}),
  }),
]);

// Solidity: hardhat prints "N passing" and, when any fail, "N failing".
const solPassed = Number(/(\d+) passing/.exec(sol.out)?.[1] ?? 0);
const solFailed =
  Number(/(\d+) failing/.exec(sol.out)?.[1] ?? 0) + (sol.status !== 0 && !/failing/.test(sol.out) ? 1 : 0);

let tsPassed = 0;
let tsFailed = 0;
try {
  const json = JSON.parse(readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number };
  tsPassed = json.numPassedTests;
  tsFailed = json.numFailedTests + (ts.status !== 0 && json.numFailedTests === 0 ? 1 : 0);
} catch {
  tsFailed = 1; // no report: the run itself broke
}
rmSync(dir, { recursive: true, force: true });

console.log(
  `\nsolidity: ${solPassed} passed, ${solFailed} failed; typescript: ${tsPassed} passed, ${tsFailed} failed`,
);
console.log(`${solPassed + tsPassed} passed, ${solFailed + tsFailed} failed`);
process.exit(sol.status === 0 && ts.status === 0 ? 0 : 1);
