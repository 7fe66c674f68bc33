import { expect, test } from "vitest";
import { chainIds } from "../../attestation/constants.js";
import { encodeAttestationNoble } from "../../attestation/noble/encodeAttestationNoble.js";
import type { AttestationVersion, EncodingOptions } from "../../attestation/types.js";
import { createEntryEncoder, encodedEntryBytes } from "./encodeEntryInto.js";

const requestId = `0x${"1f".repeat(32)}`;
const user = "0x00000000000000000000000000000000deadbeef";
const lower = "0xabcdefabcdefabcdefabcdefabcdefabcdefabcd";
const base = {
  originChainId: 1,
  originUser: lower,
  originCurrency: "0x0000000000000000000000000000000000000000",
  originAmount: "1000000",
  destinationChainId: 8453,
  destinationUser: "0x1234567890123456789012345678901234567890",
  destinationCurrency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
};

/** The general encoder's bytes, or undefined where it throws. */
function general(
  id: unknown,
  data: unknown,
  version: AttestationVersion,
  vmTypes?: EncodingOptions["vmTypes"],
) {
  try {
    return encodeAttestationNoble({
      requestId: id,
      requestData: data as Record<string, unknown>,
      version,
      vmTypes,
    }).encoded;
  } catch {
    return undefined;
  }
}

/** The fast encoder's bytes (written at an offset, between guard bytes), or undefined where it declines. */
function fast(id: unknown, data: unknown, version: AttestationVersion, vmTypes?: EncodingOptions["vmTypes"]) {
  const out = new Uint8Array(encodedEntryBytes + 10).fill(0xee);
  const wrote = createEntryEncoder({ version, vmTypes })(id, data, out, 5);
  expect([...out.subarray(0, 5), ...out.subarray(5 + encodedEntryBytes)]).toEqual(Array(10).fill(0xee));
  return wrote ? out.slice(5, 5 + encodedEntryBytes) : undefined;
}

/** Every value a field is tried with. */
const variants: Record<string, unknown[]> = {
  chain: [
    0,
    1,
    8453,
    2 ** 53 - 1,
    2 ** 53,
    -1,
    1.5,
    Number.NaN,
    "8453",
    "007",
    "",
    "0x10",
    " 1",
    "1e3",
    "999999999999999",
    "9007199254740991",
    "9007199254740992",
    null,
    undefined,
    true,
    8453n,
  ],
  address: [
    lower,
    lower.toUpperCase().replace("0X", "0x"),
    "0xAbCdEfabcdefabcdefabcdefabcdefabcdefabcd",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
    user,
    "0x0000000000000000000000000000000000000001",
    "0x000000000000000000000000001fffffffffffff",
    "0x0000000000000000000000000020000000000000",
    `0X${lower.slice(2)}`,
    `${lower}0`,
    lower.slice(0, 41),
    `0x${"g".repeat(40)}`,
    `0x${String.fromCharCode(0x130)}${lower.slice(3)}`,
    "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
    null,
    5,
  ],
  amount: [
    "0",
    "1",
    "000123",
    "999999999999999",
    "1000000000000000",
    "123456789012345678901234567890",
    "9".repeat(77),
    "1".repeat(78),
    `1${"0".repeat(77)}`,
    "",
    "-1",
    "1.0",
    " 1",
    1000,
    10n ** 30n,
    null,
  ],
  requestId: [
    requestId,
    requestId.toUpperCase().replace("0X", "0x"),
    `0x${"ab".repeat(31)}`,
    `0x${"ab".repeat(33)}`,
    `0X${"ab".repeat(32)}`,
    `0x${"zz".repeat(32)}`,
    null,
    1,
  ],
};
const kinds: Record<string, string> = {
  originChainId: "chain",
  destinationChainId: "chain",
  originUser: "address",
  originCurrency: "address",
  destinationUser: "address",
  destinationCurrency: "address",
  originAmount: "amount",
};

test("default: a common entry is written exactly as encodeAttestationNoble encodes it", () => {
  for (const version of ["v1", "v2"] as const) {
    const expected = general(requestId, base, version);
    expect(expected).toBeDefined();
    expect(fast(requestId, base, version)).toEqual(expected);
  }
});

test("every field, one value at a time: written only where the general encoder gives the same bytes", () => {
  let written = 0;
  let declined = 0;
  for (const version of ["v1", "v2"] as const) {
    const cases: [unknown, unknown][] = variants.requestId?.map((id) => [id, base]) ?? [];
    for (const [field, kind] of Object.entries(kinds))
      for (const value of variants[kind] ?? []) cases.push([requestId, { ...base, [field]: value }]);
    for (const [id, data] of cases) {
      const mine = fast(id, data, version);
      const theirs = general(id, data, version);
      if (mine === undefined) declined++;
      else {
        written++;
        expect(
          mine,
          JSON.stringify(data, (_, v) => (typeof v === "bigint" ? `${v}n` : v)),
        ).toEqual(theirs);
      }
    }
  }
  // Both outcomes occur: the comparison is not vacuous.
  expect(written).toBeGreaterThan(60);
  expect(declined).toBeGreaterThan(60);
});

test("declines what it does not check itself: mixed case (EIP-55), other VMs, small user words", () => {
  const checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
  expect(general(requestId, { ...base, originCurrency: checksummed }, "v1")).toBeDefined();
  expect(fast(requestId, { ...base, originCurrency: checksummed }, "v1")).toBeUndefined();
  // A Solana destination: base58, encoded by the general path.
  const solana = {
    ...base,
    destinationChainId: chainIds.solana,
    destinationUser: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
  };
  expect(general(requestId, solana, "v1")).toBeDefined();
  expect(fast(requestId, solana, "v1")).toBeUndefined();
  // A chain made SVM by the caller's table is not read as EVM.
  expect(fast(requestId, base, "v1", { "8453": "svm" })).toBeUndefined();
  // A user word below 2^53 is refused by the general encoder; the fast one leaves it to say so.
  expect(
    general(requestId, { ...base, originUser: user.replace("deadbeef", "00000001") }, "v1"),
  ).toBeUndefined();
  expect(
    fast(requestId, { ...base, originUser: user.replace("deadbeef", "00000001") }, "v1"),
  ).toBeUndefined();
  expect(fast(requestId, { ...base, originCurrency: user.replace("deadbeef", "00000001") }, "v1")).toEqual(
    general(requestId, { ...base, originCurrency: user.replace("deadbeef", "00000001") }, "v1"),
  );
});

test("not an object: declined", () => {
  for (const data of [null, undefined, "x", 5, []]) expect(fast(requestId, data, "v1")).toBeUndefined();
});

test("large amounts: every length up to 77 digits, as the general encoder writes them", () => {
  for (let length = 1; length <= 78; length++) {
    const amount = "98765432109876543210".repeat(4).slice(0, length);
    const data = { ...base, originAmount: amount };
    const theirs = general(requestId, data, "v1");
    const mine = fast(requestId, data, "v1");
    if (length <= 77) expect(mine).toEqual(theirs);
    else expect(mine).toBeUndefined();
  }
});

test("random amounts of 16 to 77 digits (and leading zeros): the bytes of their BigInt", () => {
  let seed = 7;
  const digit = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return String(seed % 10);
  };
  for (let i = 0; i < 300; i++) {
    const length = 16 + (i % 62);
    const amount = Array.from({ length }, digit).join("");
    const data = { ...base, originAmount: i % 7 === 0 ? `000${amount}`.slice(0, 77) : amount };
    expect(fast(requestId, data, "v1"), amount).toEqual(general(requestId, data, "v1"));
  }
});
