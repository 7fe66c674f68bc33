import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { buildAuditCorpus, corpusKeys } from "../../../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../../../test/support/referenceResults.js";
import { verifyAttestationNoble } from "../attestation/noble/verifyAttestationNoble.js";
import { createEntryVerifier } from "./createEntryVerifier.js";

const livePath = fileURLToPath(new URL("../../../../test/vectors/live-attestation.json", import.meta.url));
const live = JSON.parse(readFileSync(livePath, "utf8"));
const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const corpus = buildAuditCorpus({ seed: 21, count: 120 }).map((entry) => entry.attestation);

describe.each(["native", "noble"] as const)("engine %s", (engine) => {
  test("default: the live attestation against the live solver (the default solver set)", () => {
    const verify = createEntryVerifier({ engine });
    expect(verify(live)).toEqual(verifyAttestationNoble(live));
    expect(verify(live)).toMatchObject({ valid: true, signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF" });
  });

  test("every corpus entry as the reference gives it, twice (cold and with the key learned)", () => {
    const verify = createEntryVerifier({ engine, solvers });
    const reference = nobleReference(corpus, { solvers });
    expect(corpus.map((a) => verify(a))).toEqual(reference);
    expect(corpus.map((a) => verify(a))).toEqual(reference);
  });

  test("v2 and vmTypes reach the encoder", () => {
    const [entry] = buildAuditCorpus({ seed: 22, count: 1, version: "v2" });
    const attestation = entry?.attestation as (typeof corpus)[number];
    const verify = createEntryVerifier({ engine, solvers, version: "v2" });
    expect(verify(attestation)).toEqual(nobleReference([attestation], { solvers, version: "v2" })[0]);
    const svm = createEntryVerifier({
      engine,
      solvers,
      version: "v2",
      vmTypes: { 1: "svm", 10: "svm", 8453: "svm" },
    });
    const asSvm = svm({
      ...attestation,
      requestData: { ...(attestation.requestData as object), originChainId: 8453 },
    });
    expect(asSvm).toMatchObject({ error: { name: "InvalidAddressError", field: "originUser" } });
  });

  test("no solver allowed: the signer is still reported", () => {
    const verify = createEntryVerifier({ engine, solvers: [] });
    expect(verify(live)).toMatchObject({
      valid: false,
      signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
      reason: "signer-not-allowed",
    });
  });
});

test("includeEncoded: false leaves out encoded only", () => {
  const verify = createEntryVerifier({ engine: "native", includeEncoded: false });
  const { encoded: _, ...expected } = verifyAttestationNoble(live);
  expect(verify(live)).toEqual(expected);
});

test("a bad solver throws once, naming its index", () => {
  expect(() => createEntryVerifier({ engine: "noble", solvers: [corpusKeys.solverA, 42 as never] })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field: "solvers[1]" }),
  );
});

test("a malformed entry is described, never thrown", () => {
  const verify = createEntryVerifier({ engine: "native" });
  expect(verify({ ...live, signature: `${live.signature}00` })).toEqual({
    valid: false,
    signer: null,
    error: {
      name: "InvalidSignatureLengthError",
      field: "signature",
      message: 'Field "signature" is 66 bytes long; expected 65 (r || s || v).',
    },
  });
  expect(verify(null as never)).toMatchObject({ error: { name: "InvalidAuditEntryError" } });
  expect(verify({ requestId: live.requestId, signature: live.signature } as never)).toMatchObject({
    error: { name: "MissingFieldError", field: "originChainId" },
  });
});
