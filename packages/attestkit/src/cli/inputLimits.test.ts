// Every command that reads a JSON file or standard input, fed an input with no end in sight (a pipe
// holding 64 MiB of zero bytes, as `/dev/zero` would be were it finite): each stops at its limit with
// exit 2 naming the file, the limit and the kind, and leaves the rest unread.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { captureIo } from "../../../../test/support/captureIo.js";
import { chainsAnswer, liveQuote, testKey } from "../../../../test/support/fixtures.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { zeroFifo } from "../../../../test/support/zeroFifo.js";
import { runCli } from "./createProgram.js";

const dir = makeTempDir("input-limits");
const fed = 64 * 1_048_576;
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};
// Nothing may reach a service: a port nobody listens on.
const api = ["--api", "http://127.0.0.1:1"];

test.each([
  ["verify -f", (input: string) => ["verify", "-f", input], "1 MiB", "one object {requestData, signature}"],
  ["encode -f", (input: string) => ["encode", "-f", input], "1 MiB", "one object {requestData, signature}"],
  ["quote -f", (input: string) => [...api, "quote", "-f", input], "1 MiB", "one quote request object"],
  [
    "execute -f",
    (input: string) => [...api, "execute", "-f", input, "--private-key", testKey],
    "1 MiB",
    "one quote request object",
  ],
  [
    "execute --quote-file",
    (input: string) => [...api, "execute", "--quote-file", input, "--no-verify", "--private-key", testKey],
    "16 MiB",
    "a POST /quote/v2 answer",
  ],
  [
    "verify --quote",
    (input: string) => ["verify", "--quote", input, "--chains", file("chains.json", chainsAnswer)],
    "16 MiB",
    "a quote answer or its protocol.v2 object",
  ],
  [
    "verify --chains",
    (input: string) => ["verify", "--quote", file("quote.json", liveQuote()), "--chains", input],
    "16 MiB",
    "a GET /chains answer",
  ],
  [
    "deploy --params",
    (input: string) => ["deploy", "--params", input, "--rpc", "http://127.0.0.1:1"],
    "1 MiB",
    "deploy parameters",
  ],
])("%s stops at its limit", async (_, argv, size, what) => {
  const fifo = zeroFifo(dir, fed);
  const io = captureIo();
  const previous = process.env.ATTESTKIT_DEPLOYER_KEY;
  process.env.ATTESTKIT_DEPLOYER_KEY = testKey;
  try {
    expect(await runCli(argv(fifo.path), io)).toBe(2);
  } finally {
    if (previous === undefined) delete process.env.ATTESTKIT_DEPLOYER_KEY;
    else process.env.ATTESTKIT_DEPLOYER_KEY = previous;
  }
  expect(io.stderr[0]).toBe(
    `error: ${fifo.path} is larger than ${size} (${size === "1 MiB" ? 1_048_576 : 16_777_216} bytes), the limit for ${what}.`,
  );
  // Read no further than the limit: the writer is left with most of its 64 MiB.
  expect(await fifo.ended).not.toEqual({ code: 0, signal: null });
});

test("standard input (-) is bounded too", async () => {
  const child = spawn(
    "sh",
    [
      "-c",
      `head -c ${fed} /dev/zero | "$0" --import tsx packages/attestkit/src/cli/main.ts encode -f -`,
      process.execPath,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(stderr).toContain(
    "error: standard input is larger than 1 MiB (1048576 bytes), the limit for one object {requestData, signature}.",
  );
});

test("execute --quote-file that is JSON but not a quote answer is bad input (2), not a network error", async () => {
  const requestId = `0x${"11".repeat(32)}`;
  for (const [quote, field] of [
    [{ requestId, steps: "nope" }, '"steps"'],
    [{ requestId, steps: [{ id: "deposit", kind: "transaction", items: "x" }] }, '"steps.0.items"'],
  ] as const) {
    const io = captureIo();
    const path = file("malformed.json", quote);
    expect(
      await runCli([...api, "execute", "--quote-file", path, "--no-verify", "--private-key", testKey], io),
    ).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr[0]).toMatch(new RegExp(`^error: ${path} is not a POST /quote/v2 answer: ${field} `));
  }
});
