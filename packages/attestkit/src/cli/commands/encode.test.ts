import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { runCli } from "../createProgram.js";

const livePath = fileURLToPath(new URL("../../../../../test/vectors/live-attestation.json", import.meta.url));

test("default: JSON with every word, the encoding, hash and digest", async () => {
  const io = captureIo();
  expect(await runCli(["encode", "--file", livePath, "--json"], io)).toBe(0);
  const out = io.json();
  expect(out).toMatchObject({
    version: "v1",
    hash: "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c",
    digest: "0xfa2f5b2353460a1e5d1e7bed44f14c35d9e7ced663d9ac104f758919011384cd",
  });
  expect(Object.keys(out.words as object)).toEqual([
    "requestId",
    "originChainId",
    "originUser",
    "originCurrency",
    "originAmount",
    "destinationChainId",
    "destinationUser",
  ]);
  expect((out.words as Record<string, string>).originAmount).toBe(
    "0x00000000000000000000000000000000000000000000000009b6e64a8ec60000",
  );
});

test("no signature is needed; v2 needs destinationCurrency", async () => {
  const dir = makeTempDir("encode");
  const file = join(dir, "a.json");
  writeFileSync(
    file,
    JSON.stringify({
      requestId: `0x${"ab".repeat(32)}`,
      requestData: {
        originChainId: 1,
        originUser: "0x1111111111111111111111111111111111111111",
        originCurrency: "0x0000000000000000000000000000000000000000",
        originAmount: "5",
        destinationChainId: 10,
        destinationUser: "0x2222222222222222222222222222222222222222",
      },
    }),
  );
  const io = captureIo();
  expect(await runCli(["encode", "--file", file], io)).toBe(0);
  expect(io.stdout.join("\n")).toContain("hash         0x");
  const v2 = captureIo();
  expect(await runCli(["encode", "--file", file, "--v2", "--json"], v2)).toBe(2);
  expect(v2.json()).toMatchObject({ error: { name: "MissingFieldError", field: "destinationCurrency" } });
});

test("--file is required", async () => {
  expect(await runCli(["encode"], captureIo())).toBe(2);
});

test("--request-id replaces the file's request id: the first word and so the hash; a malformed one is exit 2", async () => {
  const given = `0x${"11".repeat(32)}`;
  const io = captureIo();
  expect(await runCli(["encode", "--file", livePath, "--request-id", given, "--json"], io)).toBe(0);
  const out = io.json();
  expect(out).toMatchObject({ requestId: given, words: { requestId: given } });
  // The file's own request id hashes to 0x90b6e1…: another id is another tuple.
  expect(out.hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(out.hash).not.toBe("0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c");
  const malformed = captureIo();
  expect(await runCli(["encode", "--file", livePath, "--request-id", "nope"], malformed)).toBe(2);
  expect(malformed.stderr[0]).toBe('error: Field "requestId" is not 32 bytes of hex: "nope".');
});
