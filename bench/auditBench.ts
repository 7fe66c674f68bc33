// Shared parts of the audit benches: the raw limit of the hardware, the built CLI run as a child
// process (wall time and peak memory), and the machine's load while they ran.
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { encodeAttestationNoble } from "../packages/attestkit/src/attestation/noble/encodeAttestationNoble.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds the package as it is installed (`tsc`, plain JavaScript: no TypeScript loader in the
 * main thread or the workers) into node_modules/.cache, and returns the CLI's entry.
 */
export function buildCli(): string {
  const out = join(root, "node_modules/.cache/attestkit-bench");
  rmSync(join(out, "dist"), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "package.json"), JSON.stringify({ type: "module" }));
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  const build = spawnSync(
    process.execPath,
    [
      tsc,
      "-p",
      join(root, "packages/attestkit/tsconfig.build.json"),
      "--outDir",
      join(out, "dist"),
      "--declaration",
      "false",
    ],
    { encoding: "utf8" },
  );
  const main = join(out, "dist/cli/main.js");
  // tsc writes the JavaScript even when other parts of the tree do not type-check (work in
  // progress there); what is measured only needs the audit and the CLI, which do.
  if (build.status !== 0) {
    if (!existsSync(main)) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
    const errors = `${build.stdout}${build.stderr}`.split("\n").filter((line) => line.includes("error TS"));
    process.stderr.write(`note: the build reported ${errors.length} type errors (npm run typecheck)\n`);
  }
  return main;
}

/** The first `count` entries of a corpus file, parsed and encoded: what the raw limit starts from. */
export async function prepareLimitInput(path: string, count: number) {
  const encoded = new Uint8Array(224 * count);
  const rs = new Uint8Array(64 * count);
  const parity = new Uint8Array(count);
  let i = 0;
  for await (const line of createInterface({ input: createReadStream(path) })) {
    if (i === count) break;
    const { requestId, requestData, signature } = JSON.parse(line);
    encoded.set(encodeAttestationNoble({ requestId, requestData }).encoded, 224 * i);
    rs.set(Buffer.from(signature.slice(2, 130), "hex"), 64 * i);
    parity[i] = Number.parseInt(signature.slice(130, 132), 16) - 27;
    i++;
  }
  return { encoded, rs, parity, count: i };
}

/**
 * The raw limit: `threads` threads each recover every prepared signature `rounds` times (keccak of
 * the tuple, keccak of the EIP-191 message, libsecp256k1 recovery), all at once. Attestations per
 * second, over the wall time from the start signal to the last thread's end.
 */
export async function rawLimit(
  input: Awaited<ReturnType<typeof prepareLimitInput>>,
  { threads, rounds }: { threads: number; rounds: number },
): Promise<{
  threads: number;
  attestations: number;
  ms: number;
  perSecond: number;
  cpuMicrosPerAttestation: number;
}> {
  const workers = Array.from(
    { length: threads },
    () => new Worker(new URL("./rawLimitWorker.mjs", import.meta.url)),
  );
  try {
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once("online", resolve))));
    const started = performance.now();
    const done = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<{ count: number; cpuMicros: number }>((resolve, reject) => {
            worker.once("message", resolve);
            worker.once("error", reject);
            worker.postMessage({ ...input, rounds });
          }),
      ),
    );
    const ms = performance.now() - started;
    const attestations = done.reduce((sum, { count }) => sum + count, 0);
    const cpuMicros = done.reduce((sum, { cpuMicros }) => sum + cpuMicros, 0);
    return {
      threads,
      attestations,
      ms: Math.round(ms),
      perSecond: Math.round((attestations / ms) * 1000),
      cpuMicrosPerAttestation: Number((cpuMicros / attestations).toFixed(1)),
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Runs the built CLI in a child process; wall time from start to exit, and its peak memory. */
export async function runCliChild(
  main: string,
  args: string[],
): Promise<{ code: number | null; ms: number; maxRssBytes: number; cpuMicros: number; stdout: string }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL("./cliChild.mjs", import.meta.url)), main, ...args],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // Only the start of stdout is kept (a --json run prints every row).
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    if (stdout.length < 1 << 16) stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-1 << 16);
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ms = performance.now() - started;
  const last = stderr.trim().split("\n").at(-1) ?? "";
  const { maxRssBytes, cpuMicros } = JSON.parse(last.startsWith("{") ? last : '{"maxRssBytes":0}') as {
    maxRssBytes: number;
    cpuMicros: number;
  };
  if (!maxRssBytes) throw new Error(`the CLI did not finish: ${stderr.slice(-2000)}`);
  return { code, ms: Math.round(ms), maxRssBytes, cpuMicros, stdout };
}

/** The machine as the bench saw it. */
export function machine() {
  return { cores: availableParallelism(), loadAverage1m: Number(loadavg()[0]?.toFixed(2)) };
}

export const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
