import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import {
  InvalidAddressError,
  InvalidAmountError,
  InvalidSignatureHexError,
  InvalidSignatureLengthError,
} from "../errors.js";
import { verifyAttestationNoble } from "./verifyAttestationNoble.js";

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const live = read("../../../../../test/vectors/live-attestation.json");
const shared = read("../../../../../test/vectors/attestations.json") as {
  vectors: {
    name: string;
    version: "v1" | "v2";
    requestId: string;
    requestData: Record<string, unknown>;
    signature: string;
    solvers: string[];
    encoded: string | null;
    hash: string | null;
    digest: string | null;
    expected: { valid: boolean; signer: string | null; reason: string | null; error: string | null };
  }[];
};
const liveSolver = "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF";

test("default", () => {
  // A genuine attestation from the live service, checked against the default solver set.
  expect(verifyAttestationNoble(live)).toEqual({
    valid: true,
    signer: liveSolver,
    encoded:
      "0x910113af21b5771f35712ab2680b578e5551a2e358916d9c540aa4f613418e2a0000000000000000000000000000000000000000000000000000000000000001000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000009b6e64a8ec60000000000000000000000000000000000000000000000000000000000000076adf1000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e",
    hash: "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c",
    digest: "0xfa2f5b2353460a1e5d1e7bed44f14c35d9e7ced663d9ac104f758919011384cd",
  });
});

test("changing any one signed field of the live attestation breaks it", () => {
  const changes: Record<string, unknown> = {
    originChainId: 10,
    originUser: "0x1111111111111111111111111111111111111111",
    originCurrency: "0x0000000000000000000000000000000000000001",
    originAmount: "700000000000000001",
    destinationChainId: 7777778,
    destinationUser: "0x1111111111111111111111111111111111111111",
  };
  for (const [field, value] of Object.entries(changes)) {
    const result = verifyAttestationNoble({ ...live, requestData: { ...live.requestData, [field]: value } });
    expect(result.valid, field).toBe(false);
    expect(result.reason, field).toBe("signer-not-allowed");
    expect(result.signer, field).not.toBe(liveSolver);
  }
  const otherId = `${live.requestId.slice(0, -1)}b`;
  expect(verifyAttestationNoble({ ...live, requestId: otherId }).reason).toBe("signer-not-allowed");
  expect(
    verifyAttestationNoble({
      ...live,
      version: "v2",
      requestData: { ...live.requestData, destinationCurrency: live.requestData.originCurrency },
    }).valid,
  ).toBe(false);
});

test("fields that are not signed do not matter", () => {
  const requestData = { ...live.requestData, originTransferDestination: "0x1234", destinationCurrency: "x" };
  expect(verifyAttestationNoble({ ...live, requestData }).valid).toBe(true);
  // The same value written differently is the same word.
  const reworded = { ...live.requestData, originChainId: "1", originAmount: 700000000000000000n };
  expect(
    verifyAttestationNoble({
      ...live,
      requestData: reworded,
      requestId: live.requestId.toUpperCase().replace("0X", "0x"),
    }).valid,
  ).toBe(true);
});

test("a bad signature still reports encoded, hash and digest", () => {
  const signature = `${live.signature.slice(0, -2)}1d`;
  const result = verifyAttestationNoble({ ...live, signature });
  expect(result).toEqual({
    valid: false,
    signer: null,
    reason: "invalid-v",
    encoded: expect.stringMatching(/^0x[0-9a-f]{448}$/),
    hash: "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c",
    digest: "0xfa2f5b2353460a1e5d1e7bed44f14c35d9e7ced663d9ac104f758919011384cd",
  });
});

test("malformed input throws in order: fields, then solvers, then the signature", () => {
  const badAmount = { ...live.requestData, originAmount: "1.5" };
  expect(() =>
    verifyAttestationNoble({ ...live, requestData: badAmount, solvers: ["bad"], signature: "0x" }),
  ).toThrow(InvalidAmountError);
  expect(() => verifyAttestationNoble({ ...live, solvers: ["bad"], signature: "0x" })).toThrow(
    InvalidAddressError,
  );
  expect(() => verifyAttestationNoble({ ...live, signature: "0x" })).toThrow(InvalidSignatureLengthError);
  expect(() => verifyAttestationNoble({ ...live, signature: live.signature.slice(0, -2) })).toThrow(
    expect.objectContaining({ name: "InvalidSignatureLengthError", length: 64 }),
  );
  expect(() => verifyAttestationNoble({ ...live, signature: `${live.signature}00` })).toThrow(
    expect.objectContaining({ name: "InvalidSignatureLengthError", length: 66 }),
  );
  expect(() => verifyAttestationNoble({ ...live, signature: live.signature.slice(2) })).toThrow(
    InvalidSignatureHexError,
  );
});

test.each(shared.vectors.map((vector) => [vector.name, vector] as const))("shared vector %s", (_, vector) => {
  const call = () =>
    verifyAttestationNoble({
      requestId: vector.requestId,
      requestData: vector.requestData,
      signature: vector.signature,
      solvers: vector.solvers,
      version: vector.version,
    });
  if (vector.expected.error) {
    expect(call).toThrow(expect.objectContaining({ name: vector.expected.error }));
    return;
  }
  const result = call();
  expect(result.valid).toBe(vector.expected.valid);
  expect(result.signer).toBe(vector.expected.signer);
  expect(result.reason ?? null).toBe(vector.expected.reason);
  expect([result.encoded, result.hash, result.digest]).toEqual([vector.encoded, vector.hash, vector.digest]);
});

test("layout rule: both readings of a genuine signature in the other layout are refused", () => {
  for (const name of ["layout-v1-signature-as-v2", "layout-v2-signature-as-v1"]) {
    const vector = shared.vectors.find((v) => v.name === name);
    if (!vector) throw new Error(`missing vector ${name}`);
    expect(() =>
      verifyAttestationNoble({
        requestId: vector.requestId,
        requestData: vector.requestData,
        signature: vector.signature,
        solvers: vector.solvers,
        version: vector.version,
      }),
    ).toThrow(expect.objectContaining({ name: vector.expected.error }));
  }
  // A v1 record read as v2 with a chain-id-sized amount: the account half of the rule refuses it.
  const d = live.requestData;
  expect(() =>
    verifyAttestationNoble({
      ...live,
      version: "v2",
      requestData: {
        ...d,
        destinationChainId: 1000000,
        destinationUser: `0x${"0".repeat(34)}76adf1`,
        destinationCurrency: d.destinationUser,
      },
    }),
  ).toThrow(expect.objectContaining({ name: "AccountWordOutOfRangeError", field: "destinationUser" }));
});
