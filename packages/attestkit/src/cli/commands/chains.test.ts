import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { serveApp } from "../../../../../test/support/serveApp.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { runCli } from "../createProgram.js";
import { readTrustRoot } from "../readTrustRoot.js";

const vectors = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/vectors/${name}`, import.meta.url));
/** A GET /chains answer in the service's shape (the chains the live quote names). */
const answer = JSON.parse(readFileSync(vectors("order-chains.json"), "utf8"));

let service: Awaited<ReturnType<typeof serveApp>>;
beforeAll(async () => {
  const app = new Hono();
  app.get("/chains", (c) => c.json(answer));
  service = await serveApp(app);
});
afterAll(() => service?.close());

async function chains(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["--api", service.url, "chains", ...args], io);
  return { code, io };
}

test("default: one aligned line per chain, exit 0", async () => {
  const { code, io } = await chains();
  expect(code).toBe(0);
  expect(io.stderr).toEqual([]);
  expect(io.stdout).toHaveLength(answer.chains.length + 1);
  expect(io.stdout[0]).toMatch(/^ {2}id +name +vm +currency$/);
  // Every name starts in the same column, however long the id before it.
  const column = (io.stdout[0] as string).indexOf("name");
  for (const [i, chain] of (answer.chains as { name: string }[]).entries())
    expect((io.stdout[i + 1] as string).indexOf(chain.name), chain.name).toBe(column);
});

test("--out saves the list that verify --chains and execute --chains-file read; it says where and how many", async () => {
  const out = join(makeTempDir("chains"), "chains.json");
  const { code, io } = await chains("--out", out);
  expect(code).toBe(0);
  expect(io.stdout).toEqual([
    `saved ${answer.chains.length} chains to ${out} (GET /chains of ${service.url})`,
    `read by: verify --quote FILE --chains ${out}, execute --chains-file ${out}`,
  ]);
  expect(JSON.parse(readFileSync(out, "utf8")).chains).toHaveLength(answer.chains.length);
  // verify --quote reads it: the live quote's order is valid against the saved list.
  const verify = captureIo();
  expect(
    await runCli(["verify", "--quote", vectors("live-quote.json"), "--chains", out, "--json"], verify),
  ).toBe(0);
  expect(JSON.parse(verify.stdout.at(-1) as string)).toMatchObject({ valid: true });
  // execute --chains-file reads it as a trust root.
  const trustRoot = readTrustRoot({ chainsFile: out });
  expect(trustRoot?.chains.map((chain) => chain.slug)).toContain("base");
});

test("--json: the answer; with --out, where it was saved and how many chains", async () => {
  const listed = await chains("--json");
  expect(listed.io.json()).toMatchObject({ chains: expect.any(Array) });
  const out = join(makeTempDir("chains"), "saved.json");
  const saved = await chains("--out", out, "--json");
  expect(saved.io.json()).toEqual({ out, chains: answer.chains.length, api: service.url });
});

test("a file that cannot be written is bad input (2) naming it; a service that fails is 3", async () => {
  const dir = makeTempDir("chains");
  const { code, io } = await chains("--out", dir);
  expect(code).toBe(2);
  expect(io.stderr[0]).toBe(`error: Cannot write ${dir}.`);
  const down = captureIo();
  expect(await runCli(["--api", "http://127.0.0.1:9", "chains"], down)).toBe(3);
});
