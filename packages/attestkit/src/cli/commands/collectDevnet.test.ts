// The acceptance of `attestkit collect`: a devnet history of 2,000 requests behind a proxy that answers
// 429 (Retry-After: 0) and drops connections, the CLI run as a user runs it (a child process), killed
// with SIGKILL twice at points the test chooses by events (the proxy holding every request, the file
// holding enough lines), a torn line left as a kill inside a write leaves it, then resumed to the end:
// exactly one line per request, and `attestkit audit` finds them ALL VALID.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { type FlakyProxy, startFlakyProxy } from "../../../../../test/support/flakyProxy.js";
import { pollUntil } from "../../../../../test/support/pollUntil.js";
import { cliBin, plainEnv } from "../../../../../test/support/spawnCli.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { runCli } from "../createProgram.js";

const count = 2000;
let devnet: Devnet;
let proxy: FlakyProxy;
/** The proxy holds every request after this one (its number), until released. */
let holdAfter = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  devnet = await createDevnet({ port: 0, log: () => {} });
  const filled = await fetch(`${devnet.url}/devnet/history`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count }),
  });
  expect(filled.status).toBe(201);
  proxy = await startFlakyProxy(devnet.url);
  // The first two tries of a request may fail (so none runs out of its attempts): every 16th request
  // is answered 429, every 23rd dropped before its answer, every 29th halfway through its body.
  proxy.plan = ({ n, seen }) =>
    n > holdAfter
      ? "hold"
      : seen > 2
        ? "forward"
        : n % 16 === 0
          ? { status: 429, headers: { "retry-after": "0" } }
          : n % 23 === 0
            ? "drop"
            : n % 29 === 0
              ? "drop-mid-body"
              : "forward";
});
afterAll(async () => {
  await proxy?.close();
  await devnet?.stop();
});

const dir = makeTempDir("collect-devnet");
const out = join(dir, "history.jsonl");
const lines = () => {
  try {
    return readFileSync(out, "utf8")
      .split("\n")
      .filter((line) => line !== "");
  } catch {
    return [];
  }
};

/** Starts `attestkit collect` through the proxy; resolves with how it ended. */
function startCollect(...extra: string[]) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      cliBin,
      ...["--api", proxy.url, "--api-key", "collector", "collect", "--out", out],
      ...["--rate", "5000", "--concurrency", "8", "--max-attempts", "6", ...extra],
    ],
    { env: plainEnv(), stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const ended = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, ended };
}

/** Holds every request after the next `requests`, waits for a request held and `atLeast` lines, then SIGKILL. */
async function killMidway(requests: number, atLeast: number) {
  holdAfter = proxy.counts.received + requests;
  const run = startCollect();
  await proxy.whenHeld(1);
  await pollUntil(`${atLeast} lines in ${out}`, () => (lines().length >= atLeast ? true : undefined), {
    intervalMs: 20,
  });
  run.child.kill("SIGKILL");
  const ended = await run.ended;
  expect(ended.signal).toBe("SIGKILL");
  holdAfter = Number.POSITIVE_INFINITY;
  proxy.release();
  return ended;
}

test("2,000 requests behind 429s and dropped connections, killed twice and resumed: one line per request, ALL VALID", async () => {
  // Run 1, killed while the proxy holds its requests.
  await killMidway(700, 300);
  const afterFirst = lines().length;
  expect(afterFirst).toBeGreaterThanOrEqual(300);
  expect(afterFirst).toBeLessThan(count);
  // A kill inside a write leaves a torn last line: the next run must cut it.
  appendFileSync(out, '{"requestId":"0x12');

  // Run 2, resumed, then killed again.
  const second = await killMidway(800, afterFirst + 300);
  expect(second.stderr).toContain("note: cut a torn last line (18 bytes)");
  const afterSecond = lines().length;
  expect(afterSecond).toBeLessThan(count);

  // Run 3, to the end.
  const last = await startCollect("--json").ended;
  expect(last.stderr).toBe("");
  expect(last.code).toBe(0);
  const summary = JSON.parse(last.stdout) as Record<string, number>;
  expect(summary).toMatchObject({
    had: afterSecond,
    collected: count - afterSecond,
    lines: count,
    unavailable: 0,
  });
  expect(proxy.counts.answered).toBeGreaterThan(50);
  expect(proxy.counts.dropped).toBeGreaterThan(50);
  expect(summary.rateLimited).toBeGreaterThan(0);
  expect(summary.retries).toBeGreaterThan(0);

  // Exactly one line per request: 2,000 distinct ids. Each line's signature is the devnet solver's
  // over its id (the audit below), and the devnet holds no other request than the history's 2,000:
  // the ids are the history's.
  const ids = lines().map((line) => (JSON.parse(line) as { requestId: string }).requestId);
  expect(ids).toHaveLength(count);
  expect(new Set(ids).size).toBe(count);

  // And `attestkit audit` reads the file as it is.
  const io = captureIo();
  const code = await runCli(["audit", out, "--solver", devnet.info.solver.address, "--workers", "0"], io);
  expect(io.stdout).toContain("valid        2000");
  expect(io.stdout.at(-1)).toBe("verdict      ALL VALID");
  expect(code).toBe(0);
});
