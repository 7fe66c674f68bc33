import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { chainIds } from "../constants.js";
import { MissingFieldError } from "../errors.js";
import { bytesToHex } from "./bytesToHex.js";
import { encodeAttestationNoble } from "./encodeAttestationNoble.js";

const live = JSON.parse(
  readFileSync(new URL("../../../../../test/vectors/live-attestation.json", import.meta.url), "utf8"),
);
const pad = (hex: string) => hex.padStart(64, "0");
const user = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const requestId = `0x${"ab".repeat(32)}`;
const v1 = {
  originChainId: 1,
  originUser: user,
  originCurrency: `0x${"0".repeat(40)}`,
  originAmount: "1000",
  destinationChainId: 8453,
  destinationUser: user,
};
const v2 = { ...v1, destinationCurrency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913" };

function errorOf(call: () => unknown): { name: string; field: string } | undefined {
  try {
    call();
  } catch (error) {
    return { name: (error as Error).name, field: (error as { field: string }).field };
  }
  return undefined;
}

test("default", () => {
  // The live attestation's words, written out by hand.
  const words = [
    "910113af21b5771f35712ab2680b578e5551a2e358916d9c540aa4f613418e2a",
    pad("1"),
    pad("f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e"),
    pad("0"),
    pad(700000000000000000n.toString(16)),
    pad((7777777).toString(16)),
    pad("f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e"),
  ];
  const { encoded, words: named } = encodeAttestationNoble(live);
  expect(bytesToHex(encoded)).toBe(`0x${words.join("")}`);
  expect(encoded.length).toBe(224);
  expect(named.map(([name]) => name)).toEqual([
    "requestId",
    "originChainId",
    "originUser",
    "originCurrency",
    "originAmount",
    "destinationChainId",
    "destinationUser",
  ]);
});

test("v2 drops the amount and appends destinationCurrency", () => {
  const { encoded, words } = encodeAttestationNoble({ requestId, requestData: v2, version: "v2" });
  expect(words.map(([name]) => name)).toEqual([
    "requestId",
    "originChainId",
    "originUser",
    "originCurrency",
    "destinationChainId",
    "destinationUser",
    "destinationCurrency",
  ]);
  expect(bytesToHex(encoded)).toBe(
    `0x${"ab".repeat(32)}${pad("1")}${pad(user.slice(2).toLowerCase())}${pad("0")}${pad("2105")}${pad(user.slice(2).toLowerCase())}${pad("833589fcd6edb6e08f4c7c32d4f71b54bda02913")}`,
  );
});

test("v2 ignores originAmount entirely, even a malformed or missing one", () => {
  const expected = encodeAttestationNoble({ requestId, requestData: v2, version: "v2" }).encoded;
  expect(
    encodeAttestationNoble({ requestId, requestData: { ...v2, originAmount: "1.5" }, version: "v2" }).encoded,
  ).toEqual(expected);
  const { originAmount: _, ...noAmount } = v2;
  expect(encodeAttestationNoble({ requestId, requestData: noAmount, version: "v2" }).encoded).toEqual(
    expected,
  );
});

test("v1 ignores destinationCurrency and originTransferDestination", () => {
  const expected = encodeAttestationNoble({ requestId, requestData: v1 }).encoded;
  const extra = { ...v1, destinationCurrency: "not an address", originTransferDestination: "0x1234" };
  expect(encodeAttestationNoble({ requestId, requestData: extra }).encoded).toEqual(expected);
});

test("a Solana destination is its raw key; chain ids as strings and bigints are the same words", () => {
  const requestData = {
    ...v1,
    originChainId: "1",
    originAmount: 1000n,
    destinationChainId: BigInt(chainIds.solana),
    destinationUser: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  };
  const { words } = encodeAttestationNoble({ requestId, requestData });
  expect(words.map(([, word]) => bytesToHex(word))).toEqual([
    `0x${"ab".repeat(32)}`,
    `0x${pad("1")}`,
    `0x${pad(user.slice(2).toLowerCase())}`,
    `0x${pad("0")}`,
    `0x${pad("3e8")}`,
    `0x${pad("2f3fb341")}`,
    "0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61",
  ]);
});

test.each([
  "originChainId",
  "originUser",
  "originCurrency",
  "originAmount",
  "destinationChainId",
  "destinationUser",
])("a missing v1 %s is a MissingFieldError", (field) => {
  const requestData: Record<string, unknown> = { ...v1, [field]: undefined };
  expect(() => encodeAttestationNoble({ requestId, requestData })).toThrow(MissingFieldError);
  expect(errorOf(() => encodeAttestationNoble({ requestId, requestData }))).toEqual({
    name: "MissingFieldError",
    field,
  });
});

test("a missing v2 destinationCurrency is a MissingFieldError", () => {
  const { destinationCurrency: _, ...requestData } = v2;
  expect(errorOf(() => encodeAttestationNoble({ requestId, requestData, version: "v2" }))).toEqual({
    name: "MissingFieldError",
    field: "destinationCurrency",
  });
});

test("the first bad field in tuple order is the one reported", () => {
  const bad = {
    originChainId: -1,
    originUser: "nope",
    originCurrency: "nope",
    originAmount: "1.5",
    destinationChainId: "0x1",
    destinationUser: "nope",
    destinationCurrency: "nope",
  };
  const order: [field: string, name: string][] = [
    ["requestId", "InvalidRequestIdError"],
    ["originChainId", "InvalidChainIdError"],
    ["originUser", "InvalidAddressError"],
    ["originCurrency", "InvalidAddressError"],
    ["originAmount", "InvalidAmountError"],
    ["destinationChainId", "InvalidChainIdError"],
    ["destinationUser", "InvalidAddressError"],
  ];
  // Repair the fields one by one, front to back: each time the next one is reported.
  let data: Record<string, unknown> = { ...bad };
  let id = "0x12";
  for (const [field, name] of order) {
    expect(errorOf(() => encodeAttestationNoble({ requestId: id, requestData: data }))).toEqual({
      name,
      field,
    });
    if (field === "requestId") id = requestId;
    else data = { ...data, [field]: v1[field as keyof typeof v1] };
  }
  expect(errorOf(() => encodeAttestationNoble({ requestId: id, requestData: data }))).toBeUndefined();
  // v2 checks destinationCurrency last and never the amount.
  expect(errorOf(() => encodeAttestationNoble({ requestId: id, requestData: data, version: "v2" }))).toEqual({
    name: "InvalidAddressError",
    field: "destinationCurrency",
  });
});

test("the destination chain picks the destination fields' VM", () => {
  const requestData = { ...v1, destinationChainId: chainIds.bitcoin, destinationUser: "bc1q" };
  expect(errorOf(() => encodeAttestationNoble({ requestId, requestData }))).toEqual({
    name: "UnsupportedVmTypeError",
    field: "destinationUser",
  });
  const encoders = { bvm: () => `0x${"0b".repeat(32)}` as const };
  const { words } = encodeAttestationNoble({ requestId, requestData, encoders });
  const hexWords = words.map(([, word]) => bytesToHex(word));
  expect(hexWords[6]).toBe(`0x${"0b".repeat(32)}`);
  expect(hexWords[2]).toBe(`0x${pad(user.slice(2).toLowerCase())}`);
});
