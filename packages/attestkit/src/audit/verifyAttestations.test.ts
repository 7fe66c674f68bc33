import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import {
  buildAuditCorpus,
  corpusKeys,
  corpusMutationKinds,
} from "../../../../test/support/corpus/buildCorpus.js";
import { nobleReference, viemReference, withoutMessage } from "../../../../test/support/referenceResults.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import type { AuditInputSource } from "./readAuditInput.js";
import type { AuditAttestation, AuditEntryResult } from "./types.js";
import { verifyAttestations } from "./verifyAttestations.js";

type Vector = AuditAttestation & { name: string; version: "v1" | "v2"; solvers: string[] };
const vectorsPath = fileURLToPath(new URL("../../../../test/vectors/attestations.json", import.meta.url));
const vectors = (JSON.parse(readFileSync(vectorsPath, "utf8")) as { vectors: Vector[] }).vectors;
const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const engines = ["native", "noble"] as const;

test("default: every shared vector gets exactly what both reference verifiers give", async () => {
  // The vectors come with their own solver set and version: one audit per (version, solvers).
  const groups = new Map<string, Vector[]>();
  for (const vector of vectors) {
    const key = `${vector.version} ${vector.solvers.join(",")}`;
    groups.set(key, [...(groups.get(key) ?? []), vector]);
  }
  expect(groups.size).toBeGreaterThanOrEqual(2);
  for (const group of groups.values()) {
    const { version, solvers } = group[0] as Vector;
    const attestations = group.map(({ requestId, requestData, signature }) => ({
      requestId,
      requestData,
      signature,
    }));
    const noble = nobleReference(attestations, { solvers, version });
    const viem = await viemReference(attestations, { solvers, version });
    for (const engine of engines) {
      const { results } = await verifyAttestations({ attestations, solvers, version, engine, workers: 0 });
      expect(results).toEqual(noble);
      expect(results.map(withoutMessage)).toEqual(viem);
    }
  }
});

test("the shared vectors on a worker thread", async () => {
  const group = vectors.filter((v) => v.version === "v1" && v.solvers.length === 2);
  const { solvers } = group[0] as Vector;
  const { results, workers, summary } = await verifyAttestations({
    attestations: group,
    solvers,
    workers: 1,
  });
  expect(workers).toBe(1);
  expect(results).toEqual(nobleReference(group, { solvers }));
  // The vectors' own expectations, as a last cross-check.
  for (const [i, vector] of group.entries()) {
    const expected = (
      vector as unknown as { expected: { valid: boolean; reason: string | null; error: string | null } }
    ).expected;
    const result = results[i];
    if (expected.error) expect(result).toMatchObject({ error: { name: expected.error } });
    else
      expect(result).toMatchObject({
        valid: expected.valid,
        ...(expected.reason ? { reason: expected.reason } : {}),
      });
  }
  expect(summary.total).toBe(group.length);
});

describe("random and mutated attestations: every engine, in this thread and on workers", () => {
  const v1 = buildAuditCorpus({ seed: 11, count: 1_600 });
  const v2 = buildAuditCorpus({ seed: 12, count: 400, version: "v2" });
  const cases = [
    { version: "v1" as const, attestations: v1.map((entry) => entry.attestation) },
    { version: "v2" as const, attestations: v2.map((entry) => entry.attestation) },
  ];
  const noble = cases.map(({ attestations, version }) => nobleReference(attestations, { solvers, version }));

  test("the corpus reaches every kind and outcome", () => {
    for (const kind of corpusMutationKinds)
      expect(v1.filter((entry) => entry.kind === kind).length).toBeGreaterThanOrEqual(20);
    const outcomes = new Set(
      noble[0]?.map((r) => ("error" in r ? r.error.name : r.valid ? "valid" : r.reason)),
    );
    expect([...outcomes].sort()).toEqual(
      [
        "valid",
        "signer-not-allowed",
        "invalid-v",
        "invalid-r",
        "invalid-s",
        "high-s",
        "unrecoverable",
        "MissingFieldError",
        "InvalidRequestIdError",
        "InvalidChainIdError",
        "InvalidAmountError",
        "InvalidAddressError",
        "UnsupportedVmTypeError",
        "InvalidSignatureHexError",
        "InvalidSignatureLengthError",
      ].sort(),
    );
  });

  test("the viem path agrees with the noble reference on the whole corpus", async () => {
    for (const [i, { attestations, version }] of cases.entries())
      expect((noble[i] ?? []).map(withoutMessage)).toEqual(
        await viemReference(attestations, { solvers, version }),
      );
  });

  // Noble on workers takes a slice: the threads run the same verifier as the in-thread case.
  test.each([
    { engine: "native" as const, workers: 0, share: 1 },
    { engine: "native" as const, workers: 2, share: 1 },
    { engine: "noble" as const, workers: 0, share: 1 },
    { engine: "noble" as const, workers: 2, share: 0.3 },
  ])(
    "engine $engine, $workers workers",
    async ({ engine, workers, share }) => {
      for (const [i, { attestations: all, version }] of cases.entries()) {
        const attestations = all.slice(0, Math.round(all.length * share));
        const audit = await verifyAttestations({ attestations, solvers, version, engine, workers });
        expect(audit.engine).toBe(engine);
        expect(audit.workers).toBe(workers);
        expect(audit.results).toEqual(noble[i]?.slice(0, attestations.length));
      }
    },
    30_000,
  );
});

test("engine auto takes the native binding; includeEncoded: false drops only encoded", async () => {
  const attestations = buildAuditCorpus({ seed: 13, count: 40 }).map((entry) => entry.attestation);
  const audit = await verifyAttestations({ attestations, solvers, workers: 0, includeEncoded: false });
  expect(audit.engine).toBe("native");
  const reference = nobleReference(attestations, { solvers });
  expect(audit.results).toEqual(
    reference.map((result) => {
      if ("error" in result) return result;
      const { encoded: _, ...rest } = result;
      return rest;
    }),
  );
  expect(audit.results.some((result) => "encoded" in result)).toBe(false);
});

test("batch: false (noble, one signature at a time) gives the same results", async () => {
  const attestations = buildAuditCorpus({ seed: 24, count: 60 }).map((entry) => entry.attestation);
  const one = await verifyAttestations({
    attestations,
    solvers,
    engine: "noble",
    batch: false,
    workers: 0,
    chunkSize: 30,
  });
  expect(one.results).toEqual(nobleReference(attestations, { solvers }));
});

test("summary counts valid, invalid by reason and malformed by error", async () => {
  const attestations = buildAuditCorpus({ seed: 14, count: 200 }).map((entry) => entry.attestation);
  const { summary, results } = await verifyAttestations({ attestations, solvers, workers: 0 });
  const count = (predicate: (r: (typeof results)[number]) => boolean) => results.filter(predicate).length;
  expect(summary.total).toBe(200);
  expect(summary.valid).toBe(count((r) => r.valid));
  expect(summary.malformed).toBe(count((r) => "error" in r));
  expect(summary.invalid).toBe(200 - summary.valid - summary.malformed);
  expect(summary.reasons["high-s"]).toBe(count((r) => !("error" in r) && r.reason === "high-s"));
  expect(summary.errors.MissingFieldError).toBe(
    count((r) => "error" in r && r.error.name === "MissingFieldError"),
  );
});

test("entries that are not objects are malformed, not fatal", async () => {
  const good = buildAuditCorpus({ seed: 15, count: 1 })[0]?.attestation as AuditAttestation;
  const { results } = await verifyAttestations({
    attestations: [null, "x", [1], good] as unknown as AuditAttestation[],
    solvers,
    workers: 0,
  });
  expect(results.slice(0, 3).map((r) => ("error" in r ? r.error.name : r))).toEqual([
    "InvalidAuditEntryError",
    "InvalidAuditEntryError",
    "InvalidAuditEntryError",
  ]);
  expect(results[3]).toEqual(nobleReference([good], { solvers })[0]);
});

test("an entry that cannot be posted to a worker is verified in this thread", async () => {
  const [a, b] = buildAuditCorpus({ seed: 16, count: 2 }).map((entry) => entry.attestation) as [
    AuditAttestation,
    AuditAttestation,
  ];
  // A function cannot cross a thread; as a field value it is simply invalid.
  const odd = { ...a, requestData: { ...(a.requestData as object), originAmount: () => 1 } };
  const { results } = await verifyAttestations({ attestations: [odd, b], solvers, workers: 1, chunkSize: 1 });
  expect(results).toEqual(nobleReference([odd, b], { solvers }));
  expect(results[0]).toMatchObject({ error: { name: "InvalidAmountError", field: "originAmount" } });
});

test("onProgress reports each chunk, ending at the total", async () => {
  const attestations = buildAuditCorpus({ seed: 17, count: 100 }).map((entry) => entry.attestation);
  for (const workers of [0, 2]) {
    const seen: number[] = [];
    await verifyAttestations({
      attestations,
      solvers,
      workers,
      chunkSize: 16,
      onProgress: ({ done, total }) => {
        expect(total).toBe(100);
        seen.push(done);
      },
    });
    expect(seen).toHaveLength(7);
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
  }
});

test("an abort stops the audit with the signal's reason", async () => {
  const attestations = buildAuditCorpus({ seed: 18, count: 64 }).map((entry) => entry.attestation);
  for (const workers of [0, 1]) {
    const controller = new AbortController();
    const run = verifyAttestations({
      attestations,
      solvers,
      workers,
      engine: "noble",
      chunkSize: 16,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error(`stop ${workers}`)),
    });
    await expect(run).rejects.toThrow(`stop ${workers}`);
  }
  const aborted = AbortSignal.abort(new Error("before"));
  await expect(verifyAttestations({ attestations, signal: aborted })).rejects.toThrow("before");
});

test("no entries: an empty summary and no thread started", async () => {
  expect(await verifyAttestations({ attestations: [], workers: 4 })).toEqual({
    results: [],
    summary: { total: 0, valid: 0, invalid: 0, malformed: 0, reasons: {}, errors: {} },
    engine: "native",
    workers: 0,
    format: undefined,
  });
});

describe("input: JSON Lines or a JSON array, as a stream of bytes", () => {
  const attestations = buildAuditCorpus({ seed: 23, count: 120 }).map((entry) => entry.attestation);
  const reference = nobleReference(attestations, { solvers });
  const encoder = new TextEncoder();
  // Chunks of 100 bytes: entries, lines and characters are cut anywhere.
  function* chunked(text: string) {
    const bytes = encoder.encode(text);
    for (let i = 0; i < bytes.length; i += 100) yield bytes.subarray(i, i + 100);
  }
  const jsonl = `${attestations.map((a) => JSON.stringify(a)).join("\n")}\n`;

  test.each([0, 2])("JSON Lines, %i workers: every result, in order, with its line", async (workers) => {
    const seen: [number, number | undefined][] = [];
    const {
      summary,
      format,
      workers: ran,
    } = await verifyAttestations({
      input: chunked(`\n${jsonl}`),
      solvers,
      workers,
      onResult: (result, { index, line }) => {
        expect(result).toEqual(reference[index]);
        seen.push([index, line]);
      },
    });
    expect(format).toBe("jsonl");
    expect(ran).toBeLessThanOrEqual(workers);
    expect(seen).toEqual(attestations.map((_, i) => [i, i + 2]));
    expect(summary.total).toBe(120);
  });

  // The input's type takes a string: a string is also an iterable of its characters, and was read
  // as one (a TypeError, `Symbol.asyncIterator in` a string); a byte array was one of numbers.
  test.each([
    ["one string of JSON Lines", () => jsonl, "jsonl"],
    ["one string holding a JSON array", () => JSON.stringify(attestations), "array"],
    ["one byte array of JSON Lines", () => encoder.encode(jsonl), "jsonl"],
  ] as const)("the whole input as %s: the same results as its stream", async (_, input, format) => {
    for (const workers of [0, 2]) {
      const audit = await verifyAttestations({ input: input(), solvers, workers });
      expect(audit.format).toBe(format);
      expect(audit.results).toEqual(reference);
    }
  });

  test.each([0, 2])(
    "a JSON array, %i workers: each result with its index in the array and the line it starts on, across batches",
    async (workers) => {
      // Pretty-printed: element i starts on the line after the lines of the elements before it.
      const starts = attestations.map(
        (_, i) =>
          2 + attestations.slice(0, i).reduce((n, a) => n + JSON.stringify(a, null, 2).split("\n").length, 0),
      );
      for (const [text, lines] of [
        [JSON.stringify(attestations, null, 2), starts],
        [JSON.stringify(attestations), attestations.map(() => 1)],
      ] as const) {
        const seen: [number, number | undefined][] = [];
        const { format, workers: ran } = await verifyAttestations({
          input: chunked(text),
          solvers,
          workers,
          chunkSize: 16,
          onResult: (result, { index, line }) => {
            expect(result).toEqual(reference[index]);
            seen.push([index, line]);
          },
        });
        expect(format).toBe("array");
        expect(ran).toBe(workers);
        expect(seen).toEqual(attestations.map((_, i) => [i, lines[i]]));
      }
    },
  );

  test("an empty string is an empty audit", async () => {
    const audit = await verifyAttestations({ input: "", solvers, workers: 0 });
    expect(audit.summary.total).toBe(0);
    expect(audit.results).toEqual([]);
  });

  test("a JSON array, without onResult: the results are returned", async () => {
    const audit = await verifyAttestations({
      input: chunked(JSON.stringify(attestations, null, 1)),
      solvers,
    });
    expect(audit.format).toBe("array");
    expect(audit.results).toEqual(reference);
  });

  test("lines that are not JSON are malformed entries; bytes that are not text stop the audit", async () => {
    const { results } = await verifyAttestations({ input: ['{"x"\n', jsonl], solvers, workers: 0 });
    expect(results[0]).toEqual({
      valid: false,
      signer: null,
      error: { name: "InvalidAuditJsonError", message: "Line 1 is not JSON." },
    });
    expect(results.slice(1)).toEqual(reference);
    const binary = encoder.encode(jsonl);
    binary[binary.length - 40] = 0x80;
    await expect(verifyAttestations({ input: [binary], solvers })).rejects.toMatchObject({
      name: "InvalidAuditInputError",
      reason: "binary",
      line: 120,
    });
  });

  test("an async iterable of entries streams too", async () => {
    async function* entries() {
      for (const attestation of attestations) yield attestation;
    }
    const { results, workers } = await verifyAttestations({
      attestations: entries(),
      solvers,
      chunkSize: 32,
    });
    expect(workers).toBe(0);
    expect(results).toEqual(reference);
  });

  test("attestations and input: exactly one of them", async () => {
    await expect(verifyAttestations({ solvers })).rejects.toMatchObject({ name: "InvalidAuditOptionError" });
    await expect(verifyAttestations({ attestations: [], input: [] })).rejects.toMatchObject({
      name: "InvalidAuditOptionError",
      option: "attestations",
    });
  });
});

describe("a file of at least 1 MiB: its threads read it in ranges, with the results of a stream", () => {
  const dir = makeTempDir("audit-file");
  const attestations = buildAuditCorpus({ seed: 29, count: 60 }).map((entry) => entry.attestation);
  const rows = attestations.map((a) => JSON.stringify(a));
  // About 1.3 MB: the corpus over and over, with blank lines, a line that is not JSON and an entry
  // that is no object among them.
  const lines = Array.from({ length: 2600 }, (_, i) =>
    i === 1500 ? "{oops" : i === 2100 ? "[]" : i % 97 === 0 ? "" : (rows[i % 60] as string),
  );
  const text = `${lines.join("\n")}\n`;
  let files = 0;
  const write = (bytes: string | Uint8Array) => {
    const path = join(dir, `audit${files++}.jsonl`);
    writeFileSync(path, bytes);
    return path;
  };
  const collect = async (input: AuditInputSource, workers: number, engine: "native" | "noble" = "native") => {
    const seen: [AuditEntryResult, number | undefined][] = [];
    const audit = await verifyAttestations({
      input,
      solvers,
      workers,
      engine,
      onResult: (result, { line }) => seen.push([result, line]),
    });
    return { ...audit, seen };
  };

  test.each([0, 2])("%i workers: every result and line as the same text streamed", async (workers) => {
    expect(text.length).toBeGreaterThan(1 << 20);
    const path = write(text);
    const streamed = await collect([text], 0);
    const ranged = await collect(createReadStream(path), workers);
    expect(ranged.seen).toEqual(streamed.seen);
    expect(ranged.summary).toEqual(streamed.summary);
    expect(ranged.workers).toBe(workers);
    expect(streamed.seen[1500 - Math.floor(1500 / 97) - 1]).toEqual([
      {
        valid: false,
        signer: null,
        error: { name: "InvalidAuditJsonError", message: "Line 1501 is not JSON." },
      },
      1501,
    ]);
    expect(ranged.summary.errors).toMatchObject({ InvalidAuditJsonError: 1, InvalidAuditEntryError: 1 });
  });

  test("the noble engine too", async () => {
    const path = write(text);
    const [streamed, ranged] = [await collect([text], 0), await collect(createReadStream(path), 2, "noble")];
    expect(ranged.seen).toEqual(streamed.seen);
  });

  test("bytes that are not text, or a line over 1 MiB, stop the audit naming the line, as a stream does", async () => {
    const binary = new TextEncoder().encode(text);
    const at = binary.length - 3000;
    binary[at] = 0xff;
    const line = binary.subarray(0, at).filter((byte) => byte === 0x0a).length + 1;
    for (const workers of [0, 2])
      await expect(collect(createReadStream(write(binary)), workers)).rejects.toMatchObject({
        name: "InvalidAuditInputError",
        reason: "binary",
        line,
        offset: at,
      });
    const long = `${text}{"a":"${"x".repeat(1 << 20)}"}\n${text}`;
    for (const workers of [0, 2])
      await expect(collect(createReadStream(write(long)), workers)).rejects.toMatchObject({
        name: "InvalidAuditInputError",
        reason: "entry-too-long",
        line: 2601,
        offset: Buffer.byteLength(text),
      });
  });
});

test("by default, one thread per core, but none for a small audit", async () => {
  const few = buildAuditCorpus({ seed: 20, count: 3 }).map((entry) => entry.attestation);
  expect((await verifyAttestations({ attestations: few, solvers })).workers).toBe(0);
  const many = Array.from({ length: 512 }, (_, i) => few[i % 3] as AuditAttestation);
  const audit = await verifyAttestations({ attestations: many, solvers });
  expect(audit.workers).toBe(availableParallelism());
  expect(audit.results).toEqual(
    Array.from({ length: 512 }, (_, i) => nobleReference(few, { solvers })[i % 3]),
  );
});

test("threads never outnumber chunks", async () => {
  const attestations = buildAuditCorpus({ seed: 19, count: 10 }).map((entry) => entry.attestation);
  expect((await verifyAttestations({ attestations, solvers, workers: 8 })).workers).toBe(1);
});

describe("bad options throw before any entry is looked at", () => {
  test("a bad solver names its index", async () => {
    await expect(
      verifyAttestations({ attestations: [null as never], solvers: [corpusKeys.solverA, "0x1234"] }),
    ).rejects.toMatchObject({ name: "InvalidAddressError", field: "solvers[1]" });
  });

  test.each([
    [{ workers: -1 }, 'Option "workers" is -1; expected an integer >= 0.'],
    [{ workers: 1.5 }, 'Option "workers" is 1.5; expected an integer >= 0.'],
    [{ chunkSize: 0 }, 'Option "chunkSize" is 0; expected an integer >= 1.'],
    [{ engine: "wasm" }, 'Option "engine" is wasm; expected "auto", "native" or "noble".'],
    [{ version: "v3" }, 'Option "version" is v3; expected "v1" or "v2".'],
  ])("%o", async (options, message) => {
    await expect(verifyAttestations({ attestations: [], ...(options as object) })).rejects.toMatchObject({
      name: "InvalidAuditOptionError",
      shortMessage: message,
    });
  });
});
