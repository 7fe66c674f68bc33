import { describe, expect, test } from "vitest";
import { verifyAttestationNoble } from "../../../packages/attestkit/src/attestation/noble/verifyAttestationNoble.js";
import { buildAuditCorpus, buildCorpus, corpusKeys, corpusMutationKinds } from "./buildCorpus.js";
import { differentialKinds } from "./mutations.js";

const json = (value: unknown) =>
  JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${v}n` : typeof v === "function" ? "[fn]" : v));

describe("one seeded builder", () => {
  test("default: the same seed gives the same corpus, another seed another", () => {
    const a = buildCorpus({ profile: "differential", seed: 7, bases: 20 });
    expect(json(buildCorpus({ profile: "differential", seed: 7, bases: 20 }))).toBe(json(a));
    expect(json(buildCorpus({ profile: "differential", seed: 8, bases: 20 }))).not.toBe(json(a));
    expect(a).toHaveLength(20 * 6);
  });

  test("differential: a valid vector per base, then mutations cycling through every kind", () => {
    const corpus = buildCorpus({ profile: "differential", seed: 3, bases: 60 });
    expect(corpus.filter((v) => v.kind === "valid")).toHaveLength(60);
    for (const kind of differentialKinds)
      expect(
        corpus.some((v) => v.kind === `mutate:${kind}`),
        kind,
      ).toBe(true);
    expect(corpus.some((v) => v.kind === "combined")).toBe(true);
  });

  test("audit: records only (no options), signed by the corpus keys, every kind present", () => {
    const entries = buildAuditCorpus({ seed: 5, count: 200 });
    for (const { attestation } of entries)
      expect(
        Object.keys(attestation).every((key) => ["requestId", "requestData", "signature"].includes(key)),
      ).toBe(true);
    for (const kind of corpusMutationKinds)
      expect(
        entries.some((e) => e.kind === kind),
        kind,
      ).toBe(true);
    const signers = new Set(
      entries
        .filter((e) => e.kind === "signed")
        .map((e) =>
          verifyAttestationNoble({
            ...e.attestation,
            solvers: [corpusKeys.solverA],
          } as never).signer?.toLowerCase(),
        ),
    );
    expect(signers).toEqual(
      new Set([corpusKeys.solverA, corpusKeys.solverB, corpusKeys.outsider].map((a) => a.toLowerCase())),
    );
  });
});

test("orders: the same seed gives the same orders; a signed order per base, then every kind", () => {
  const a = buildCorpus({ profile: "orders", seed: 2, bases: 40 });
  expect(json(buildCorpus({ profile: "orders", seed: 2, bases: 40 }))).toBe(json(a));
  expect(a.filter((v) => v.kind === "valid")).toHaveLength(40);
  expect(a).toHaveLength(40 * 6);
  expect(new Set(a.map((v) => v.kind)).size).toBeGreaterThan(20);
});
