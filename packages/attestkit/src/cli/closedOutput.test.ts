// `attestkit ... | head -n 1`: the reader of the output goes away before the CLI is done writing.
// Each test runs the real CLI in a child process whose stdout is a pipe the test closes, so the
// CLI's next write fails with EPIPE, and checks that it exits quietly (141, as git and gh do,
// nothing on stderr) instead of dying on an unhandled 'error' event with a stack trace.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { cliBin, plainEnv, spawnCli } from "../../../../test/support/spawnCli.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { createTestServer, type TestServer } from "../../../../test/support/testServer.js";
import { exitCodes } from "./exitCodes.js";

const livePath = fileURLToPath(new URL("../../../../test/vectors/live-attestation.json", import.meta.url));
const live = JSON.parse(readFileSync(livePath, "utf8"));
const requestId = `0x${"ab".repeat(32)}`;
const dir = makeTempDir("closed-output");
const status = (name: string) => ({
  status: name,
  inTxHashes: ["0xaaaa"],
  txHashes: [],
  updatedAt: 1732243200000,
  originChainId: 1,
  destinationChainId: 8453,
});

let service: TestServer;
beforeAll(async () => {
  service = await createTestServer();
});
afterAll(async () => {
  await service?.close();
});

test("default: verify into a closed pipe exits 141, quietly", async () => {
  const result = await spawnCli(["verify", "--file", livePath], { closeAfterLines: 0 });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(exitCodes.outputClosed);
});

test("status into a closed pipe exits 141, quietly", async () => {
  service.on("GET", "/intents/status/v3", { body: status("pending") });
  const result = await spawnCli(["--api", service.url, "status", requestId], { closeAfterLines: 0 });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(exitCodes.outputClosed);
});

test("status --watch read for one line: the next status ends it at once, quietly", async () => {
  // The status changes only once the reader has gone: the line that reports it is the failing write.
  let readerGone = false;
  service.on("GET", "/intents/status/v3", () => ({ body: status(readerGone ? "success" : "pending") }));
  const result = await spawnCli(["--api", service.url, "status", requestId, "--watch", "--interval", "1"], {
    closeAfterLines: 1,
    onClosed: () => {
      readerGone = true;
    },
  });
  expect(result.stdout).toMatch(/^\d\d:\d\d:\d\d\.\d{3} {2}pending/);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(exitCodes.outputClosed);
});

test("audit --json read for one line: far more output than a pipe holds, and no stack trace", async () => {
  // ~0.9 MB of rows: more than the pipe (64 KiB) and the reader's first chunk take, so writes fail.
  const file = join(dir, "many.jsonl");
  writeFileSync(file, `${Array.from({ length: 3000 }, () => JSON.stringify(live)).join("\n")}\n`);
  const result = await spawnCli(["audit", file, "--json", "--workers", "0"], { closeAfterLines: 1 });
  expect(result.stdout.startsWith(`{"file":${JSON.stringify(file)}`)).toBe(true);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(exitCodes.outputClosed);
});

test("through a real `head -n 1` in bash: head's line, the CLI's status 141 and an empty stderr", async () => {
  const file = join(dir, "head.jsonl");
  writeFileSync(file, `${Array.from({ length: 3000 }, () => JSON.stringify(live)).join("\n")}\n`);
  // $0 is Node.js, $1 the CLI, $2 the file.
  const script = `"$0" "$1" audit "$2" --json --workers 0 | head -n 1; echo "status \${PIPESTATUS[0]}" >&2`;
  const child = spawn("bash", ["-c", script, process.execPath, cliBin, file], {
    env: plainEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  await new Promise((resolve) => child.once("close", resolve));
  expect(stdout).toBe(`${stdout.split("\n")[0]}\n`);
  expect(stderr).toBe("status 141\n");
});

test("webhooks listen read for its ready line: the next delivery's line stops it as Ctrl+C does, exit 0", async () => {
  service.on("POST", "/devnet/webhooks/endpoints", { status: 201, body: { endpoint: { id: "whe_closed" } } });
  service.on("DELETE", "/devnet/webhooks/endpoints/whe_closed", { status: 200, body: { removed: {} } });
  let delivered: Promise<unknown> = Promise.resolve();
  const result = await spawnCli(
    ["webhooks", "listen", "--forward-to", "http://127.0.0.1:1/", "--devnet", service.url, "--api-key", "k"],
    {
      closeAfterLines: 1,
      // Only now does a delivery arrive: the line listen prints for it is the failing write.
      onClosed: (stdout) => {
        const url = /arrive on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout)?.[1];
        delivered = fetch(url as string, { method: "POST", body: "{}" }).catch(() => {});
      },
    },
  );
  await delivered;
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  // Stopped as on Ctrl+C: its endpoint removed from the devnet.
  expect(service.requestsTo("DELETE", "/devnet/webhooks/endpoints/whe_closed")).toHaveLength(1);
});
