// The README's quickstarts, read and run as pasted. Each fenced block of a quickstart follows a marker
// comment naming the quickstarts it belongs to and what it is:
//
//   <!-- quickstart: integrator-foundry -->                     commands, run with bash in the project
//   <!-- quickstart: devnet serve -->                           a command that serves until stopped
//   <!-- quickstart: a, b file contracts/X.sol -->              a file of the projects of a and b
//
// A quickstart's blocks run in README order in an empty folder, with `npm install` answered by
// npmInstallStandIn.mjs (the packed packages, installed once; the checkout's tools) and everything
// else exactly as written.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { projectEnv } from "../support/stagePackages.js";

/** One marked block. */
export type QuickstartBlock = {
  /** `run`: commands; `serve`: a command that runs until stopped; `file`: a file to write. */
  kind: "run" | "serve" | "file";
  /** The file's path in the project (`file` only). */
  path?: string;
  language: string;
  body: string;
  /** Its line in the README, for messages. */
  line: number;
};

const marker =
  /^<!-- quickstart: ([\w-]+(?:, [\w-]+)*)(?: (serve|file (\S+)))? -->\n```(\w+)\n([\s\S]*?)^```$/gm;

/** The README's quickstarts by name, each its blocks in order. */
export function readQuickstarts(markdown: string): Map<string, QuickstartBlock[]> {
  const quickstarts = new Map<string, QuickstartBlock[]>();
  for (const match of markdown.matchAll(marker)) {
    const [, names, what, path, language, body] = match as unknown as string[];
    const block: QuickstartBlock = {
      kind: what === "serve" ? "serve" : path ? "file" : "run",
      ...(path ? { path } : {}),
      language: language as string,
      body: body as string,
      line: markdown.slice(0, match.index).split("\n").length + 1,
    };
    for (const name of (names as string).split(", "))
      quickstarts.set(name, [...(quickstarts.get(name) ?? []), block]);
  }
  return quickstarts;
}

/** How a quickstart's project runs: which Node.js, and where its installs come from. */
export type QuickstartSetting = {
  /** The folder to make, empty, for the project. */
  dir: string;
  /** The `node` to run on (its folder goes first on PATH, with the system's npm). */
  node: string;
  /** node_modules of the packed packages' install that stands in for the registry's. */
  installed: string;
  /** The checkout's node_modules, for the tools the quickstart installs. */
  tools: string;
};

const standIn = fileURLToPath(new URL("npmInstallStandIn.mjs", import.meta.url));

/** The environment of a quickstart's commands: its Node.js first, no node_modules/.bin of the checkout. */
function environment({ node, installed, tools }: QuickstartSetting): NodeJS.ProcessEnv {
  const path = (projectEnv.PATH ?? "").split(delimiter).filter((dir) => !dir.includes("node_modules"));
  return {
    ...projectEnv,
    PATH: [dirname(node), ...path].join(delimiter),
    QUICKSTART_INSTALLED: installed,
    QUICKSTART_TOOLS: tools,
    npm_config_update_notifier: "false",
  };
}

/** `npm install` is the stand-in's; every other npm command is npm's own. */
const prelude = `set -euo pipefail
npm() { if [ "$1" = install ] || [ "$1" = i ]; then node ${JSON.stringify(standIn)} "$@"; else command npm "$@"; fi; }
`;

/** A quickstart in progress: its blocks run so far, and what they printed. */
export type QuickstartRun = {
  /** Each `run` block's output (stdout and stderr), by its README line. */
  outputs: Map<number, string>;
  /** The Node.js version its commands ran on. */
  nodeVersion: string;
  /** Stops what a `serve` block started. */
  stop: () => Promise<void>;
};

/**
 * Runs a quickstart's blocks in order in a fresh folder. A `serve` block is started in the background
 * and waited for with `ready` before the next block runs; `stop()` ends it.
 */
export async function runQuickstart(
  blocks: readonly QuickstartBlock[],
  setting: QuickstartSetting,
  ready?: () => Promise<void>,
): Promise<QuickstartRun> {
  mkdirSync(setting.dir, { recursive: true });
  const env = environment(setting);
  const outputs = new Map<number, string>();
  const served: ChildProcess[] = [];
  const stop = async () => {
    for (const child of served)
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGINT");
        await exited;
      }
  };
  const nodeVersion = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout.trim();
  try {
    for (const block of blocks) {
      if (block.kind === "file") {
        const path = join(setting.dir, block.path as string);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, block.body);
      } else if (block.kind === "serve") {
        const child = spawn("bash", ["-c", prelude + block.body], {
          cwd: setting.dir,
          env,
          detached: true,
          stdio: ["ignore", "pipe", "pipe"],
        });
        served.push(child);
        let printed = "";
        child.stdout?.on("data", (chunk: Buffer) => (printed += chunk));
        child.stderr?.on("data", (chunk: Buffer) => (printed += chunk));
        const exited = new Promise<never>((_, reject) =>
          child.once("exit", (code) => reject(new Error(`it exited ${code}`))),
        );
        exited.catch(() => {});
        await Promise.race([ready?.(), exited]).catch((error: Error) => {
          throw new Error(`README line ${block.line}: ${error.message}\n${block.body}\n${printed}`);
        });
      } else {
        const result = await runBash(prelude + block.body, setting.dir, env);
        if (result.status !== 0)
          throw new Error(
            `README line ${block.line}: the block exited ${result.status}\n${block.body}\n${result.output}`,
          );
        outputs.set(block.line, result.output);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { outputs, nodeVersion, stop };
}

/** Runs a bash script (asynchronously: a devnet of the same process may be serving meanwhile). */
function runBash(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number; output: string }>((resolve) => {
    const child = spawn("bash", ["-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("close", (code) =>
      resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }),
    );
  });
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Waits until `url` answers 200, for at most `timeoutMs`. */
export async function waitForUrl(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
