import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import {
  createFakeHistory,
  type FakeHistoryEntry,
  startFakeHistoryServer,
} from "../../../../../test/support/fakeHistory.js";
import { startFlakyProxy } from "../../../../../test/support/flakyProxy.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import type { CollectedAttestation } from "../../collect/types.js";
import { runCli } from "../createProgram.js";
import { openCollectFile } from "./openCollectFile.js";

const history = createFakeHistory({ count: 130 });
let service: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  service = await startFakeHistoryServer(history);
});
afterAll(async () => {
  await service?.close();
});

const dir = makeTempDir("collect-cli");
let n = 0;
const fresh = () => join(dir, `history${n++}.jsonl`);
const linesOf = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "");
const entryOf = (entry: FakeHistoryEntry) =>
  JSON.stringify({ requestId: entry.requestId, requestData: entry.requestData, signature: entry.signature });

async function collect(args: string[], { api = service.url, apiKey = "key" } = {}) {
  const io = captureIo();
  const code = await runCli(
    ["--api", api, ...(apiKey ? ["--api-key", apiKey] : []), "collect", "--rate", "10000", ...args],
    io,
  );
  return { code, io };
}

test("default: one line per request, {requestId, requestData, signature}; a summary", async () => {
  const out = fresh();
  const { code, io } = await collect(["--out", out]);
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  expect(linesOf(out).sort()).toEqual(history.map(entryOf).sort());
  expect(readFileSync(out, "utf8").endsWith("}\n")).toBe(true);
  expect(io.stdout[0]).toMatch(new RegExp(`^collected    130 v1 attestations into ${out} in `));
  expect(io.stdout.slice(1)).toEqual([
    "had          0 (in the file before)",
    "unavailable  0",
    "file         130 lines, one per request",
    expect.stringMatching(/^requests {5}133 \([\d.]+\/s\), of which retries 0 \(429: 0\)$/),
    `next         attestkit audit ${out}`,
  ]);
});

test("--json: the summary as one object", async () => {
  const out = fresh();
  const { code, io } = await collect(["--out", out, "--json", "--v2"]);
  expect(code).toBe(0);
  expect(io.json()).toMatchObject({
    out,
    version: "v2",
    listing: "v3",
    total: 130,
    collected: 130,
    had: 0,
    unavailable: 0,
    lines: 130,
    cut: 0,
    rate: 10000,
    unavailableIds: [],
  });
  expect(JSON.parse(linesOf(out)[0] as string).requestData).toHaveProperty("destinationCurrency");
});

describe("resume", () => {
  test("what the file holds is not fetched again, and no request is written twice", async () => {
    const out = fresh();
    writeFileSync(out, `${history.slice(0, 40).map(entryOf).join("\n")}\n`);
    const { code, io } = await collect(["--out", out, "--json"]);
    expect(code).toBe(0);
    expect(io.json()).toMatchObject({ collected: 90, had: 40, lines: 130 });
    expect(linesOf(out).sort()).toEqual(history.map(entryOf).sort());
    // Once more: nothing is left to fetch.
    const again = await collect(["--out", out, "--json"]);
    expect(again.io.json()).toMatchObject({ collected: 0, had: 130, lines: 130 });
    expect(linesOf(out)).toHaveLength(130);
  });

  test("a torn last line (a kill inside a write) is cut, and its request fetched again", async () => {
    const out = fresh();
    const torn = entryOf(history[10] as FakeHistoryEntry).slice(0, 57);
    writeFileSync(out, `${history.slice(0, 10).map(entryOf).join("\n")}\n${torn}`);
    const { code, io } = await collect(["--out", out, "--json"]);
    expect(code).toBe(0);
    expect(io.stderr).toEqual([
      `note: cut a torn last line (57 bytes) of ${out}, left by a run that was stopped while writing`,
    ]);
    expect(io.json()).toMatchObject({ collected: 120, had: 10, cut: 57, lines: 130 });
    expect(new Set(linesOf(out)).size).toBe(130);
    expect(linesOf(out).sort()).toEqual(history.map(entryOf).sort());
  });

  test("a file collect did not write, or of the other version, is refused before anything is fetched (exit 2)", async () => {
    const other = fresh();
    writeFileSync(other, '{"some":"thing"}\n');
    const { code, io } = await collect(["--out", other]);
    expect(code).toBe(2);
    expect(io.stderr[0]).toBe(
      `error: Line 1 of ${other} is not an attestation entry {requestId, requestData, signature}.`,
    );
    const v1 = fresh();
    writeFileSync(v1, `${entryOf(history[0] as FakeHistoryEntry)}\n`);
    const mixed = await collect(["--out", v1, "--v2"]);
    expect(mixed.code).toBe(2);
    expect(mixed.io.stderr.slice(0, 2)).toEqual([
      `error: ${v1} holds v1 attestations (line 1); this collection fetches v2.`,
      "  Leave out --v2 to go on with it, or give --out another file.",
    ]);
    expect(readFileSync(v1, "utf8")).toBe(`${entryOf(history[0] as FakeHistoryEntry)}\n`);
  });

  test("openCollectFile: append never writes an id the file holds, whatever the case of its hex digits", async () => {
    const out = fresh();
    const entry = history[0] as FakeHistoryEntry;
    writeFileSync(out, `${entryOf(entry)}\n\n`);
    const file = await openCollectFile({ path: out, version: "v1", syncEvery: 2 });
    expect(file.existing).toBe(1);
    expect(
      file.append({
        ...entry,
        requestId: entry.requestId.toUpperCase().replace("0X", "0x"),
      } as unknown as CollectedAttestation),
    ).toBe(false);
    expect(file.append(history[1] as unknown as CollectedAttestation)).toBe(true);
    expect(file.append(history[1] as unknown as CollectedAttestation)).toBe(false);
    file.close();
    expect(linesOf(out)).toEqual([entryOf(entry), entryOf(history[1] as FakeHistoryEntry)]);
  });
});

test("filters: --user, --referrer (with the key), --from and --to as the listing's parameters", async () => {
  const proxy = await startFlakyProxy(service.url);
  const seen: string[] = [];
  proxy.plan = ({ path }) => {
    seen.push(path);
    return "forward";
  };
  try {
    const { code } = await collect(
      [
        "--out",
        fresh(),
        "--user",
        "0xabc",
        "--referrer",
        "app",
        "--from",
        "2025-01-01",
        "--to",
        "1767225600",
        "--listing",
        "v2",
      ],
      { api: proxy.url },
    );
    expect(code).toBe(0);
    expect(Object.fromEntries(new URL(seen[0] ?? "", service.url).searchParams)).toEqual({
      user: "0xabc",
      referrer: "app",
      apiKey: "key",
      startTimestamp: "1735689600",
      endTimestamp: "1767225600",
      limit: "50",
    });
  } finally {
    await proxy.close();
  }
});

test("a request without an attestation is listed on stderr and the exit is 4; the others are written", async () => {
  const missing = history[5] as FakeHistoryEntry;
  const proxy = await startFlakyProxy(service.url);
  proxy.plan = ({ path }) =>
    path.startsWith(`/requests/${missing.requestId}/`) ? { status: 404 } : "forward";
  try {
    const out = fresh();
    const { code, io } = await collect(["--out", out], { api: proxy.url });
    expect(code).toBe(4);
    expect(io.stderr).toEqual([
      `unavailable  ${missing.requestId}: The service answered HTTP 404: the flaky proxy answered 404`,
    ]);
    expect(linesOf(out)).toHaveLength(129);
    expect(io.stdout).toContain("unavailable  1 (listed above; run again to try them again)");
  } finally {
    await proxy.close();
  }
});

test("a service that keeps failing: exit 3, what was collected kept, the way to go on said", async () => {
  const proxy = await startFlakyProxy(service.url);
  const doomed = (history[70] as FakeHistoryEntry).requestId;
  proxy.plan = ({ path }) => (path.startsWith(`/requests/${doomed}/`) ? "drop" : "forward");
  try {
    const out = fresh();
    const { code, io } = await collect(["--out", out, "--max-attempts", "2", "--concurrency", "1"], {
      api: proxy.url,
    });
    expect(code).toBe(3);
    expect(io.stderr.slice(0, 3)).toEqual([
      `error: Gave up on GET /requests/${doomed}/signature after 2 attempts.`,
      `  What was collected is in ${out}: run the same command again to go on from there.`,
      "  Lower --rate, or raise --max-attempts, if the service keeps answering 429 or dropping connections.",
    ]);
    // One request at a time: those listed before it are in the file; it is not.
    expect(linesOf(out)).toEqual(expect.arrayContaining(history.slice(0, 70).map(entryOf)));
    expect(linesOf(out).some((line) => line.includes(doomed))).toBe(false);
  } finally {
    await proxy.close();
  }
});

test("bad options are exit 2, before anything is written", async () => {
  for (const [args, message, apiKey] of [
    [["--rate", "0"], 'error: --rate is "0"; expected requests per second, from 0.001 to 100000.', "key"],
    [["--concurrency", "65"], 'error: --concurrency is "65"; expected a whole number from 1 to 64.', "key"],
    [
      ["--from", "yesterday"],
      'error: --from is "yesterday"; expected Unix seconds or an ISO 8601 date',
      "key",
    ],
    [["--from", "200", "--to", "100"], "error: --from is after --to.", "key"],
    [["--referrer", "app"], "error: --referrer needs an API key", ""],
    [["--listing", "v3"], "error: --listing v3 (GET /requests/v3) needs an API key.", ""],
  ] as const) {
    const out = fresh();
    const { code, io } = await collect(["--out", out, ...args], { apiKey });
    expect(code, args.join(" ")).toBe(2);
    expect(io.stderr[0]).toContain(message);
    expect(() => readFileSync(out)).toThrow();
  }
  const { code } = await collect([]);
  expect(code).toBe(2);
  const stdout = await collect(["--out", "-"]);
  expect(stdout.code).toBe(2);
  expect(stdout.io.stderr[0]).toBe(
    "error: --out must name a file: collect appends to it and resumes from it.",
  );
});
