/**
 * Runs every test suite (Solidity tests through Hardhat, TypeScript tests through vitest) and
 * closes with one line `N passed, N failed` holding the real counts of both.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { artifactTests, deferArtifactTestsVariable } from "../test/setup/artifactTests.js";
import { stagedPackagesVariable, stagingFailedFile } from "../test/support/stagePackages.js";

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

// Solidity is compiled once: `hardhat test solidity` builds the contracts and their tests in one
// job (Hardhat's unified build; a separate build of the contracts first would compile them twice),
// then runs the Solidity tests. It starts first, on one core. The TypeScript tests deploy the
// committed contract modules, not the build: they start as soon as the other core has built and
// packed both packages for the package tests (test/support/stagePackages.ts; when that fails, those
// tests stage their own and report it). Only the files that read the build itself (`artifactTests`:
// the committed modules and generated files against it) wait for it, in a run of their own.
const dir = mkdtempSync(join(tmpdir(), "attestkit-test-"));
const solidity = run("hardhat", ["test", "solidity"]);
// Staged beside the tests: the package tests wait for it (`waitForStagedPackages`), the others run.
const staging = run("tsx", ["test/support/stagePackages.ts", dir]).then((result) => {
  if (result.status !== 0) writeFileSync(join(dir, stagingFailedFile), "");
  return result;
});

/** Runs vitest over `files` (every test file when empty) and reads its exact counts from its JSON report. */
async function vitest(name: string, files: readonly string[], extra: NodeJS.ProcessEnv) {
  const report = join(dir, `${name}.json`);
  const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...files];
  const { status } = await run("vitest", args, { ATTESTKIT_SKIP_BUILD: "1", ...extra });
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    return {
      status,
      passed: json.numPassedTests,
      failed: json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0),
    };
  } catch {
    return { status: 1, passed: 0, failed: 1 }; // no report: the run itself broke
  }
}

const typescript = vitest("typescript", [], {
  [deferArtifactTestsVariable]: "1",
  [stagedPackagesVariable]: dir,
});
const sol = await solidity;
// Hardhat says it runs the Solidity tests only once everything compiled. A build that failed leaves
// nothing to check the modules against: one failure, said as such.
const compiled = sol.out.includes("Running Solidity tests");
if (!compiled) console.log("\nthe contracts did not compile");
const artifacts = compiled
  ? await vitest("artifacts", artifactTests, {})
  : { status: 1, passed: 0, failed: 1 };
const ts = await typescript;
await staging;

// Solidity: hardhat prints "N passing" and, when any fail, "N failing".
const solPassed = Number(/(\d+) passing/.exec(sol.out)?.[1] ?? 0);
const solFailed =
  Number(/(\d+) failing/.exec(sol.out)?.[1] ?? 0) + (sol.status !== 0 && !/failing/.test(sol.out) ? 1 : 0);

const tsPassed = ts.passed + artifacts.passed;
const tsFailed = ts.failed + artifacts.failed;
rmSync(dir, { recursive: true, force: true });

console.log(
  `\nsolidity: ${solPassed} passed, ${solFailed} failed; typescript: ${tsPassed} passed, ${tsFailed} failed`,
);
console.log(`${solPassed + tsPassed} passed, ${solFailed + tsFailed} failed`);
process.exit(sol.status === 0 && ts.status === 0 && artifacts.status === 0 ? 0 : 1);
