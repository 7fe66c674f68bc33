import { expect, test } from "vitest";
import { buildAuditCorpus, corpusKeys } from "../../../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../../../test/support/referenceResults.js";
import { createBatchVerifier } from "./createBatchVerifier.js";
import { processAuditBatch } from "./processAuditBatch.js";
import type { AuditEntryResult } from "./types.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const attestations = buildAuditCorpus({ seed: 71, count: 30 }).map((entry) => entry.attestation);
const verify = createBatchVerifier({ engine: "native", solvers, includeEncoded: false });
const reference = nobleReference(attestations, { solvers }).map((result) => {
  if ("error" in result) return result;
  const { encoded: _, ...rest } = result;
  return rest;
}) as AuditEntryResult[];
const text = `${attestations.map((a) => JSON.stringify(a)).join("\n")}\n[]\n`;
const request = { seq: 3, kind: "text" as const, bytes: new TextEncoder().encode(text), line: 1, offset: 0 };
const notes = [
  ...reference,
  { valid: false, signer: null, error: { name: "InvalidAuditEntryError" } },
].flatMap((result, index): object[] =>
  "error" in result
    ? [{ index, line: index + 1, error: expect.objectContaining({ name: result.error.name }) }]
    : result.valid
      ? []
      : [{ index, line: index + 1, reason: result.reason }],
);

test("default: results, with the lines and the notes of the entries that are not valid", () => {
  const response = processAuditBatch(request, verify, "results");
  expect(response).toEqual({
    seq: 3,
    count: 31,
    lines: Array.from({ length: 31 }, (_, i) => i + 1),
    notes,
    results: [
      ...reference,
      expect.objectContaining({ error: expect.objectContaining({ name: "InvalidAuditEntryError" }) }),
    ],
  });
  expect(notes.length).toBeGreaterThan(5);
  expect(notes.length).toBeLessThan(31);
});

test("json: one row per entry with its line and request id, as the CLI prints them", () => {
  const response = processAuditBatch(request, verify, "json");
  if (!("json" in response)) throw new Error("expected rows");
  const rows = JSON.parse(`[${response.json}]`) as Record<string, unknown>[];
  expect(rows).toHaveLength(31);
  expect(rows.slice(0, 30)).toEqual(
    reference.map((result, i) => ({
      line: i + 1,
      ...(typeof attestations[i]?.requestId === "string" ? { requestId: attestations[i]?.requestId } : {}),
      ...result,
    })),
  );
  expect(rows[30]).toMatchObject({ line: 31, error: { name: "InvalidAuditEntryError" } });
  expect(response).not.toHaveProperty("results");
});

test("notes: only the notes", () => {
  const response = processAuditBatch(request, verify, "notes");
  // The notes carry their lines; the lines of every entry are left out.
  expect(response).toEqual({ seq: 3, count: 31, lines: undefined, notes });
});

test("items keep their lines when they have them, and have none otherwise", () => {
  const items = attestations.slice(0, 2);
  expect(processAuditBatch({ seq: 0, kind: "items", items, lines: [4, 9] }, verify, "results")).toMatchObject(
    {
      lines: [4, 9],
    },
  );
  const noted = processAuditBatch(
    { seq: 0, kind: "items", items: [5, ...items], lines: [2, 4, 9] },
    verify,
    "notes",
  );
  expect((noted as { notes: unknown[] }).notes[0]).toMatchObject({
    index: 0,
    line: 2,
    error: { name: "InvalidAuditEntryError" },
  });
  const rows = processAuditBatch({ seq: 0, kind: "items", items }, verify, "json");
  expect(rows).toMatchObject({ lines: undefined });
  expect(JSON.parse(`[${(rows as { json: string }).json}]`)[0]).not.toHaveProperty("line");
  expect(JSON.parse(`[${(rows as { json: string }).json}]`)[0]).not.toHaveProperty("index");
});

test("items of a JSON array: each note and row names the entry's index in the array, from the batch's first", () => {
  const request = {
    seq: 4,
    kind: "items" as const,
    items: [attestations[0], 5, attestations[1]],
    lines: [1, 1, 1],
    index: 512,
  };
  const noted = processAuditBatch(request, verify, "notes");
  expect((noted as { notes: unknown[] }).notes).toContainEqual({
    index: 1,
    arrayIndex: 513,
    line: 1,
    error: expect.objectContaining({ name: "InvalidAuditEntryError" }),
  });
  const rows = processAuditBatch(request, verify, "json") as { json: string };
  const parsed = JSON.parse(`[${rows.json}]`) as { index: number; line: number }[];
  expect(parsed.map(({ index, line }) => [index, line])).toEqual([
    [512, 1],
    [513, 1],
    [514, 1],
  ]);
  // A row is `{index, line, requestId?, ...result}`: where the entry is comes first.
  expect(Object.keys(parsed[0] as object).slice(0, 2)).toEqual(["index", "line"]);
});

test("JSON Lines text: notes and rows by line only, no index", () => {
  const noted = processAuditBatch(request, verify, "notes") as { notes: object[] };
  expect(noted.notes.every((note) => !("arrayIndex" in note))).toBe(true);
  const rows = processAuditBatch(request, verify, "json") as { json: string };
  expect((JSON.parse(`[${rows.json}]`) as object[]).every((row) => !("index" in row))).toBe(true);
});

test("text that is not text: a failure with where it is, and nothing verified", () => {
  const bytes = Uint8Array.of(0x7b, 0x7d, 0x0a, 0x00);
  expect(processAuditBatch({ seq: 1, kind: "text", bytes, line: 7, offset: 50 }, verify, "results")).toEqual({
    seq: 1,
    failure: {
      reason: "binary",
      problem: "is not text: byte 0x00 is a control character",
      line: 8,
      offset: 53,
    },
  });
});
