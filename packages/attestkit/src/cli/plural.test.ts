import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { captureIo } from "../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { runCli } from "./createProgram.js";
import { plural } from "./plural.js";

test("default: singular for exactly one", () => {
  expect([0, 1, 2].map((n) => plural(n, "step"))).toEqual(["0 steps", "1 step", "2 steps"]);
  expect([1, 3].map((n) => plural(n, "entry", "entries"))).toEqual(["1 entry", "3 entries"]);
});

test("audit of one entry says so", async () => {
  const live = readFileSync(
    fileURLToPath(new URL("../../../../test/vectors/live-attestation.json", import.meta.url)),
    "utf8",
  );
  const file = join(makeTempDir("plural"), "one.jsonl");
  writeFileSync(file, `${JSON.stringify(JSON.parse(live))}\n`);
  const io = captureIo();
  expect(await runCli(["audit", file, "--workers", "0"], io)).toBe(0);
  expect(io.stdout[0]).toMatch(/^audited {6}1 entry of .+ in \d+\.\d\d s: \w+, this thread$/);
});
