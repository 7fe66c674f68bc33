import { expect, test } from "vitest";
import { liveAttestation } from "../../../../test/support/fixtures.js";
import { toAttestationWords } from "./toAttestationWords.js";

const base = liveAttestation;
const withData = (patch: Record<string, unknown>) => ({
  ...base,
  requestData: { ...base.requestData, ...patch },
});

test("default", () => {
  const { words, version, originAmount } = toAttestationWords(base);
  expect(version).toBe("v1");
  expect(words.map(([name]) => name)).toEqual([
    "requestId",
    "originChainId",
    "originUser",
    "originCurrency",
    "originAmount",
    "destinationChainId",
    "destinationUser",
  ]);
  expect(originAmount).toBe(700000000000000000n);
});

test("chain ids as decimal strings are accepted", () => {
  expect(toAttestationWords(withData({ originChainId: "1", destinationChainId: "7777777" })).words).toEqual(
    toAttestationWords(base).words,
  );
});

test.each([
  ["1.5", "not a decimal integer string"],
  ["-1", "not a decimal integer string"],
  ["0x10", "not a decimal integer string"],
  ["", "not a decimal integer string"],
  [" 1", "not a decimal integer string"],
  [(2n ** 256n).toString(), "2^256 or more"],
])("originAmount %j is rejected (%s)", (originAmount, reason) => {
  expect(() => toAttestationWords(withData({ originAmount }))).toThrow(
    expect.objectContaining({
      name: "InvalidAmountError",
      field: "originAmount",
      shortMessage: expect.stringContaining(reason),
    }),
  );
});

test("a number amount is rejected: it may already have lost precision", () => {
  expect(() => toAttestationWords(withData({ originAmount: 700000000000000000 }))).toThrow(
    expect.objectContaining({ name: "InvalidAmountError", field: "originAmount" }),
  );
});

test("originAmount message names the field", () => {
  expect(() => toAttestationWords(withData({ originAmount: "1.5" }))).toThrowErrorMatchingInlineSnapshot(`
    [InvalidAmountError: Field "originAmount" is not a valid amount: "1.5" (not a decimal integer string).

    Amounts are integers in the currency's smallest unit, as decimal digits, below 2^256.
    Version: attestkit@0.1.0]
  `);
});

test.each([[-1], [1.5], [2 ** 53], ["1e3"], ["-1"], [Number.NaN], [{}], [9007199254740992n]])(
  "chain id %s is rejected",
  (originChainId) => {
    expect(() => toAttestationWords(withData({ originChainId }))).toThrow(
      expect.objectContaining({ name: "InvalidChainIdError", field: "originChainId" }),
    );
  },
);

test.each([
  ["short", "0x1234"],
  ["no prefix", "910113af21b5771f35712ab2680b578e5551a2e358916d9c540aa4f613418e2a"],
  ["33 bytes", `0x${"ab".repeat(33)}`],
  ["not hex", `0x${"gg".repeat(32)}`],
  ["number", 42],
])("requestId %s is rejected", (_, requestId) => {
  expect(() => toAttestationWords({ ...base, requestId })).toThrow(
    expect.objectContaining({ name: "InvalidRequestIdError", field: "requestId" }),
  );
});

test("uppercase request id hex is accepted and lowercased", () => {
  const upper = `0x${base.requestId.slice(2).toUpperCase()}`;
  expect(toAttestationWords({ ...base, requestId: upper }).words[0]?.[1]).toBe(base.requestId);
});

test("the first bad field in tuple order is the one reported", () => {
  expect(() =>
    toAttestationWords(withData({ originUser: "nope", originAmount: "1.5", destinationUser: "x" })),
  ).toThrow(expect.objectContaining({ field: "originUser" }));
});

test.each([
  "originChainId",
  "originUser",
  "originCurrency",
  "originAmount",
  "destinationChainId",
  "destinationUser",
])("missing %s is named", (field) => {
  expect(() => toAttestationWords(withData({ [field]: undefined }))).toThrow(
    expect.objectContaining({ name: "MissingFieldError", field }),
  );
});

test("originTransferDestination is not part of the tuple", () => {
  expect(
    toAttestationWords(withData({ originTransferDestination: "0x000000000000000000000000000000000000dead" }))
      .words,
  ).toEqual(toAttestationWords(base).words);
});
