/**
 * The command line's start-up: wall time (best of BENCH_CLI_RUNS child processes, default 5) and
 * modules loaded (counted by a module-resolve hook) of `attestkit --help`, a few commands' `--help`
 * and a small `audit`, with the CLI as installed (built with tsc). Baselines timed in the same run:
 * Node starting an empty module, and `--help` with every command's work imported up front (what each
 * run paid before the commands loaded their work lazily). Prints one JSON object.
 *
 * Run: `npm run bench:cli`. Exits 1 if a run fails.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildCli, machine } from "./auditBench.js";

const runs = Number(process.env.BENCH_CLI_RUNS ?? 5);
const root = fileURLToPath(new URL("..", import.meta.url));
const startedAt = machine();
const main = buildCli();
const dist = dirname(dirname(main));
const work = join(dist, "..", "cli-startup");
mkdirSync(work, { recursive: true });

const hook = join(work, "hook.mjs");
writeFileSync(
  hook,
  `import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
const urls = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); urls.add(r.url); return r; } });
process.on("exit", () => writeFileSync(process.env.BENCH_LOADED_OUT, JSON.stringify([...urls])));
`,
);
const empty = join(work, "empty.mjs");
writeFileSync(empty, "");
// Every command's work imported before the program is built: the start-up of every run before.
const commands = join(dist, "cli/commands");
const eager = join(work, "eager.mjs");
writeFileSync(
  eager,
  [
    ...readdirSync(commands)
      .filter((file) => /^(run\w+|verifyQuote)\.js$/.test(file))
      .map((file) => `import ${JSON.stringify(pathToFileURL(join(commands, file)).href)};`),
    `const { runCli } = await import(${JSON.stringify(pathToFileURL(join(dist, "cli/createProgram.js")).href)});`,
    "process.exitCode = await runCli(process.argv.slice(2));",
  ].join("\n"),
);
const attestation = JSON.parse(readFileSync(join(root, "test/vectors/live-attestation.json"), "utf8"));
const small = join(work, "small.jsonl");
writeFileSync(small, `${Array.from({ length: 20 }, () => JSON.stringify(attestation)).join("\n")}\n`);

/** Best wall time of `runs` runs, and the modules one run resolves (its own and its packages'). */
function measure(script: string, args: string[]) {
  const out = join(work, "loaded.json");
  const counted = spawnSync(process.execPath, ["--import", pathToFileURL(hook).href, script, ...args], {
    env: { ...process.env, BENCH_LOADED_OUT: out },
    encoding: "utf8",
  });
  if (counted.status !== 0) {
    console.error(`${script} ${args.join(" ")} exited ${counted.status}\n${counted.stderr}`);
    process.exit(1);
  }
  const urls = JSON.parse(readFileSync(out, "utf8")) as string[];
  rmSync(out);
  let bestMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    spawnSync(process.execPath, [script, ...args]);
    bestMs = Math.min(bestMs, performance.now() - start);
  }
  const inPackage = (name: string) => urls.filter((url) => url.includes(`/node_modules/${name}/`)).length;
  return {
    bestMs: Math.round(bestMs),
    modules: urls.filter((url) => !url.startsWith("node:")).length,
    viemModules: inPackage("viem"),
    zodModules: inPackage("zod"),
  };
}

const node = measure(empty, []);
const eagerHelp = measure(eager, ["--help"]);
const cases = {
  "--help": measure(main, ["--help"]),
  "verify --help": measure(main, ["verify", "--help"]),
  "audit --help": measure(main, ["audit", "--help"]),
  "encode --help": measure(main, ["encode", "--help"]),
  "audit FILE (20 entries, --workers 0)": measure(main, ["audit", small, "--workers", "0"]),
};
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

console.log(
  JSON.stringify(
    {
      runs,
      machine: { ...startedAt, loadAverage1mAtEnd: machine().loadAverage1m },
      baselines: { nodeEmptyModule: node, helpWithEveryCommandsWorkImported: eagerHelp },
      cases: Object.fromEntries(
        Object.entries(cases).map(([name, figures]) => [
          name,
          {
            ...figures,
            vsEveryCommandsWorkImported: ratio(figures.bestMs, eagerHelp.bestMs),
            overNodeStartMs: figures.bestMs - node.bestMs,
          },
        ]),
      ),
    },
    null,
    2,
  ),
);
