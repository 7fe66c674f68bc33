import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import ts from "typescript";
import { afterAll, expect, test } from "vitest";
import { buildAuditCorpus, corpusKeys } from "../../../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../../../test/support/referenceResults.js";
import type { AuditWorkerResponse } from "./auditWorker.js";
import { generatorTables } from "./internal/generatorTables.js";
import { startAuditWorker } from "./startAuditWorker.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const attestations = buildAuditCorpus({ seed: 41, count: 30 }).map((entry) => entry.attestation);
const next = (worker: Worker) =>
  new Promise<AuditWorkerResponse>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });

test("default: from the TypeScript sources, a worker thread verifies batches", async () => {
  const worker = startAuditWorker({ config: { engine: "native", solvers }, output: "results" });
  try {
    expect(await next(worker)).toEqual({ type: "ready" });
    const reply = next(worker);
    worker.postMessage({ seq: 5, kind: "items", items: attestations });
    expect(await reply).toMatchObject({
      type: "batch",
      response: { seq: 5, count: attestations.length, results: nobleReference(attestations, { solvers }) },
    });
    // The native engine never pays for the noble engine's table of G.
    expect(generatorTables).toEqual({ byWindow: new Map(), shared: undefined });
  } finally {
    await worker.terminate();
  }
});

test("noble: G's table is built once in this thread and shared with every worker", async () => {
  const workers = [0, 1].map(() =>
    startAuditWorker({ config: { engine: "noble", solvers }, output: "results" }),
  );
  try {
    const ready = Promise.all(workers.map(next));
    const { shared } = generatorTables;
    expect(shared?.xs).toBeInstanceOf(SharedArrayBuffer);
    expect(generatorTables.byWindow.size).toBe(1);
    expect(await ready).toEqual([{ type: "ready" }, { type: "ready" }]);
    const replies = Promise.all(workers.map(next));
    for (const worker of workers) worker.postMessage({ seq: 1, kind: "items", items: attestations });
    const batch = { seq: 1, count: attestations.length, results: nobleReference(attestations, { solvers }) };
    expect(await replies).toMatchObject([
      { type: "batch", response: batch },
      { type: "batch", response: batch },
    ]);
    expect(generatorTables.shared).toBe(shared);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
});

test("a worker that cannot verify says why", async () => {
  const worker = startAuditWorker({ config: { engine: "noble", solvers: ["nope"] }, output: "notes" });
  try {
    expect(await next(worker)).toMatchObject({ type: "failed", error: { name: "InvalidAddressError" } });
  } finally {
    await worker.terminate();
  }
});

// Built: the same modules as plain JavaScript (what `tsc` puts in dist/), run by plain Node.
const root = fileURLToPath(new URL("../..", import.meta.url));
// The workspace root, where npm installs the dependencies.
const workspaceRoot = fileURLToPath(new URL("../../../..", import.meta.url));
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Transpiles verifyAttestations and everything it imports into a fresh project; returns its path. */
function buildCopy({ withNative }: { withNative: boolean }): string {
  const out = mkdtempSync(join(tmpdir(), "attestkit-audit-built-"));
  made.push(out);
  const seen = new Set<string>();
  const queue = [join(root, "src/audit/verifyAttestations.ts")];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    // Static imports, and the modules a thread imports when it needs them (`await import("./x.js")`).
    for (const [, specifier] of source.matchAll(/(?:from |import\()"(\.{1,2}\/[^"]+)\.js"/g))
      queue.push(resolve(dirname(file), `${specifier}.ts`));
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: {
        module: ts.ModuleKind.ES2022,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
      fileName: file,
    });
    const target = join(out, relative(root, file)).replace(/\.ts$/, ".js");
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  expect(seen.has(join(root, "src/audit/auditWorker.ts"))).toBe(true);
  writeFileSync(join(out, "package.json"), JSON.stringify({ type: "module" }));
  // The project's dependencies, without the optional native binding when asked.
  mkdirSync(join(out, "node_modules"));
  for (const name of readdirSync(join(workspaceRoot, "node_modules")))
    if (withNative || name !== "secp256k1")
      symlinkSync(join(workspaceRoot, "node_modules", name), join(out, "node_modules", name));
  writeFileSync(join(out, "input.json"), JSON.stringify({ attestations, solvers }));
  writeFileSync(
    join(out, "run.js"),
    `import { readFileSync } from "node:fs";
import { verifyAttestations } from "./src/audit/verifyAttestations.js";
const input = JSON.parse(readFileSync(new URL("./input.json", import.meta.url), "utf8"));
const run = (engine) =>
  verifyAttestations({ ...input, engine, workers: 2, chunkSize: 8 }).catch((error) => ({ error: error.name }));
console.log(JSON.stringify({ auto: await run("auto"), native: await run("native") }));`,
  );
  return out;
}

function runCopy(out: string) {
  const run = spawnSync(process.execPath, [join(out, "run.js")], { encoding: "utf8", cwd: out });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

test("built to JavaScript: the worker is the .js file next to it, run without tsx", () => {
  const { auto, native } = runCopy(buildCopy({ withNative: true }));
  const reference = nobleReference(attestations, { solvers });
  expect(auto).toMatchObject({ engine: "native", workers: 2 });
  expect(auto.results).toEqual(reference);
  expect(native.results).toEqual(reference);
});

test("without the optional native binding: auto falls back to noble, native is refused", () => {
  const { auto, native } = runCopy(buildCopy({ withNative: false }));
  expect(auto).toMatchObject({ engine: "noble", workers: 2 });
  expect(auto.results).toEqual(nobleReference(attestations, { solvers }));
  expect(native).toEqual({ error: "NativeSecp256k1UnavailableError" });
});
