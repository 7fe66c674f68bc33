import { describe, expect, test } from "vitest";
import { buildAuditCorpus, corpusKeys } from "../../../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../../../test/support/referenceResults.js";
import { createBatchVerifier } from "./createBatchVerifier.js";
import { createEntryVerifier } from "./createEntryVerifier.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const corpus = buildAuditCorpus({ seed: 81, count: 160 }).map((entry) => entry.attestation);
const reference = nobleReference(corpus, { solvers });

describe.each(["native", "noble"] as const)("engine %s", (engine) => {
  test("default: a whole batch gives what the reference gives one entry at a time", () => {
    expect(createBatchVerifier({ engine, solvers })(corpus)).toEqual(reference);
  });

  test("batches of any size, in any split, and one entry at a time agree", () => {
    const verify = createBatchVerifier({ engine, solvers });
    const one = createEntryVerifier({ engine, solvers });
    for (const size of [1, 3, 64]) {
      const results = [];
      for (let i = 0; i < corpus.length; i += size) results.push(...verify(corpus.slice(i, i + size)));
      expect(results).toEqual(reference);
    }
    expect(corpus.map((a) => one(a))).toEqual(reference);
    expect(verify([])).toEqual([]);
  });

  test("signers: false: the same verdicts; a signer not allowed may be left out (noble), no other", () => {
    const verify = createBatchVerifier({ engine, solvers });
    verify(corpus);
    const verdicts = verify(corpus, { signers: false });
    const rejected = reference.filter(
      (result) => "reason" in result && result.reason === "signer-not-allowed",
    );
    expect(rejected.length).toBeGreaterThan(5);
    expect(verdicts).toEqual(
      reference.map((result) =>
        engine === "noble" && "reason" in result && result.reason === "signer-not-allowed"
          ? { ...result, signer: null }
          : result,
      ),
    );
  });
});

test("pipelineOnly: nothing is looked at, every entry reads as valid (for benchmarks of the pipeline)", () => {
  const verify = createBatchVerifier({ engine: "native", solvers, pipelineOnly: true });
  expect(verify([corpus[0], null, "x"])).toEqual(
    Array.from({ length: 3 }, () => ({ valid: true, signer: null, hash: "0x", digest: "0x" })),
  );
});
