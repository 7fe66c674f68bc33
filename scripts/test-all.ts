/**
 * Runs every test suite (Solidity tests through Hardhat, TypeScript tests through vitest) and
 * closes with one line `N passed, N failed` holding the real counts of both.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" };

function run(cmd: string, args: string[]): { status: number; out: string } {
  const r = spawnSync(cmd, args, {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 1 << 28,
  });
  process.stdout.write(r.stdout ?? "");
  return { status: r.status ?? 1, out: r.stdout ?? "" };
}

// Solidity: hardhat prints "N passing" and, when any fail, "N failing".
const sol = run("hardhat", ["test", "solidity"]);
const solPassed = Number(/(\d+) passing/.exec(sol.out)?.[1] ?? 0);
const solFailed =
  Number(/(\d+) failing/.exec(sol.out)?.[1] ?? 0) + (sol.status !== 0 && !/failing/.test(sol.out) ? 1 : 0);

// TypeScript: vitest's JSON reporter gives exact counts.
const dir = mkdtempSync(join(tmpdir(), "attestkit-test-"));
const report = join(dir, "vitest.json");
const ts = run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
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
