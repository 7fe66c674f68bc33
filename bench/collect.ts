/**
 * `attestkit collect` against a devnet history: the CLI as installed (built with tsc, in a child
 * process, with its peak resident memory) collects BENCH_COLLECT_N attestations (default 4,000, the
 * devnet's `POST /devnet/history`) from a devnet in another child process, twice:
 *
 * - `paced`: at `--rate` BENCH_COLLECT_RATE (default 300/s), below what the devnet serves: the
 *   requests per second it achieved (every request counted: pages, attestations, retries) against
 *   the rate it was given, which it must never exceed;
 * - `unpaced`: at `--rate 100000`, the devnet's own limit on this machine, for comparison.
 *
 * `--concurrency` is BENCH_COLLECT_CONCURRENCY (default 8). Prints one JSON object. Run: `npm run
 * bench:collect`. Exits 1 if a run did not collect every request, or went faster than its rate.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { buildCli, machine, runCliChild } from "./auditBench.js";

process.env.HARDHAT_DISABLE_TELEMETRY = "true";
const count = Number(process.env.BENCH_COLLECT_N ?? 4000);
const rate = Number(process.env.BENCH_COLLECT_RATE ?? 300);
const concurrency = Number(process.env.BENCH_COLLECT_CONCURRENCY ?? 8);
const startedAt = machine();

const server = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("./devnetServer.ts", import.meta.url))],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const dir = mkdtempSync(join(tmpdir(), "attestkit-bench-collect-"));
try {
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout }).once("line", resolve);
    server.once("exit", (code) => reject(new Error(`the devnet exited with code ${code}`)));
  });
  const { url } = JSON.parse(firstLine) as { url: string };
  const filled = await fetch(`${url}/devnet/history`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count }),
  });
  if (filled.status !== 201) throw new Error(`POST /devnet/history: HTTP ${filled.status}`);
  const main = buildCli();

  const collect = async (name: string, runRate: number) => {
    const out = join(dir, `${name}.jsonl`);
    const run = await runCliChild(main, [
      ...["--api", url, "--api-key", "bench", "collect", "--out", out, "--json"],
      ...["--rate", String(runRate), "--concurrency", String(concurrency)],
    ]);
    const summary = JSON.parse(run.stdout) as {
      collected: number;
      requests: number;
      retries: number;
      elapsedMs: number;
      requestsPerSecond: number;
      perSecond: number;
    };
    const lines = readFileSync(out, "utf8")
      .split("\n")
      .filter((line) => line !== "").length;
    return {
      rate: runRate,
      exitCode: run.code,
      lines,
      requests: summary.requests,
      retries: summary.retries,
      elapsedMs: summary.elapsedMs,
      requestsPerSecond: summary.requestsPerSecond,
      attestationsPerSecond: summary.perSecond,
      ofRate: Number((summary.requestsPerSecond / runRate).toFixed(3)),
      processMs: run.ms,
      peakRssBytes: run.maxRssBytes,
      cpuMsPerAttestation: Number((run.cpuMicros / 1000 / Math.max(1, summary.collected)).toFixed(3)),
    };
  };
  const paced = await collect("paced", rate);
  const unpaced = await collect("unpaced", 100_000);
  const ok =
    paced.exitCode === 0 &&
    unpaced.exitCode === 0 &&
    paced.lines === count &&
    unpaced.lines === count &&
    paced.requestsPerSecond <= rate;
  console.log(
    JSON.stringify({
      requests: count,
      concurrency,
      paced,
      unpaced,
      machine: { ...startedAt, loadAverage1mAfter: machine().loadAverage1m },
      ok,
    }),
  );
  if (!ok) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
