/**
 * Follows the README on a fresh copy (`npm run test:readme`): clones the repository's committed
 * state into a temporary folder, runs `npm ci` there (from the npm cache when it holds everything),
 * `npm run demo`, then starts `attestkit devnet` and runs every example that needs only it, as the
 * README says to. Prints one line per stage and exits non-zero at the first that fails.
 *
 * Slow (a full install): `npm test` runs the examples against an in-process devnet instead.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "attestkit-readme-"));
const clone = join(work, "attestkit");
const env: NodeJS.ProcessEnv = { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" };
// The parent npm's lifecycle variables describe this checkout, not the clone.
for (const key of Object.keys(env))
  if (/^npm_(package|lifecycle|config_local_prefix)/.test(key)) delete env[key];

function stage(
  name: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
  cwd = clone,
): string {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    env: { ...env, ...extraEnv },
    encoding: "utf8",
    maxBuffer: 1 << 28,
    timeout: 600_000,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.log(
      `FAIL ${name} (${seconds} s)\n${result.error ?? ""}${result.stdout ?? ""}${result.stderr ?? ""}`,
    );
    throw new Error(`${name} failed`);
  }
  console.log(`ok   ${name} (${seconds} s)`);
  return result.stdout;
}

let devnet: ChildProcess | undefined;
try {
  stage("git clone", "git", ["clone", "--quiet", root, clone], {}, work);
  stage("npm ci", "npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"]);
  stage("npm run demo", "npm", ["run", "demo"]);

  // `npx attestkit devnet --port 0 --json` prints its info as the first line of stdout (started here
  // through the same bin/attestkit.js, without npx, so that SIGINT reaches it).
  devnet = spawn(
    process.execPath,
    ["packages/attestkit/bin/attestkit.js", "devnet", "--port", "0", "--json"],
    {
      cwd: clone,
      env,
    },
  );
  const info = await new Promise<{ url: string; chains: { chainId: number; rpcUrl: string }[] }>(
    (resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`the devnet did not start: ${out}`)), 120_000);
      devnet?.stdout?.on("data", (chunk) => {
        out += chunk;
        const line = out.split("\n").find((candidate) => candidate.startsWith("{"));
        if (line && out.includes("\n")) {
          clearTimeout(timer);
          resolve(JSON.parse(line));
        }
      });
      devnet?.once("exit", (code) => reject(new Error(`the devnet exited ${code}: ${out}`)));
    },
  );
  console.log(`ok   attestkit devnet at ${info.url}`);
  const api = { ATTESTKIT_API: info.url };
  stage("examples/backend.ts", "npx", ["tsx", "examples/backend.ts"], api);
  const paid = stage("examples/payReceiver.ts", "npx", ["tsx", "examples/payReceiver.ts"], api);
  const requestId = /requestId: '(0x[0-9a-f]{64})'/.exec(paid)?.[1] ?? "";
  stage("examples/verifyAttestation.ts", "npx", ["tsx", "examples/verifyAttestation.ts"], {
    ...api,
    REQUEST_ID: requestId,
  });
  // A plain chain with no service: the devnet's origin RPC is one (its account 0 is Hardhat's test key #0).
  const origin = info.chains[0] as { rpcUrl: string };
  stage("examples/payLocally.ts", "npx", ["tsx", "examples/payLocally.ts"], {
    ATTESTKIT_RPC_URL: origin.rpcUrl,
  });
  // The live quote's order, checked onchain by the devnet's OrderVerifier.
  stage("examples/verifyOrder.ts", "npx", ["tsx", "examples/verifyOrder.ts"], {
    ...api,
    QUOTE: "test/vectors/live-quote.json",
    CHAINS: "test/vectors/order-chains.json",
  });
  const history = join(work, "history.jsonl");
  writeFileSync(
    history,
    readFileSync(join(clone, "test/vectors/live-attestation.json"), "utf8").replace(/\s*\n\s*/g, ""),
  );
  stage("examples/auditHistory.ts", "npx", ["tsx", "examples/auditHistory.ts"], { HISTORY: history });
  console.log("every stage of the README held");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (devnet?.pid !== undefined && devnet.exitCode === null) devnet.kill("SIGINT");
  rmSync(work, { recursive: true, force: true });
}
