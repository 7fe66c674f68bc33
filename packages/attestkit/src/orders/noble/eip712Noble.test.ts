import { keccak_256 } from "@noble/hashes/sha3.js";
import { describe, expect, test } from "vitest";
import { bytesToHex } from "../../attestation/noble/bytesToHex.js";
import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import { encodeTypeNoble, hashStructNoble, parseTypesNoble } from "./eip712Noble.js";
import { orderTypeStringsNoble } from "./orderTypesNoble.js";

const bytes = (hex: string) => hexToBytes(hex) as Uint8Array;
const typeHash = (text: string) => bytesToHex(keccak_256(new TextEncoder().encode(text)));

test("default: the EIP-712 specification's Mail example", () => {
  const types = parseTypesNoble([
    "Mail(Person from,Person to,string contents)",
    "Person(string name,address wallet)",
  ]);
  expect(encodeTypeNoble(types, "Mail")).toBe(
    "Mail(Person from,Person to,string contents)Person(string name,address wallet)",
  );
  expect(typeHash(encodeTypeNoble(types, "Mail"))).toBe(
    "0xa0cedeb2dc280ba39b857546d74f5549c3a1d7bdc2dd96bf881f76108e23dac2",
  );
  const hash = hashStructNoble({
    types,
    primaryType: "Mail",
    data: {
      from: { name: "Cow", wallet: bytes("0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826") },
      to: { name: "Bob", wallet: bytes("0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB") },
      contents: "Hello, Bob!",
    },
  });
  expect(bytesToHex(hash)).toBe("0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e");
});

describe("the order layouts", () => {
  const v1 = parseTypesNoble(orderTypeStringsNoble.v1);
  const v2 = parseTypesNoble(orderTypeStringsNoble.v2);
  test.each([
    ["Order", "0xee05e73da8f2fce11d34a78a39998b4dd8a56c6298aa9ad2870c3f9a2821dc8e"],
    ["Input", "0xc5b0643c7427e4816be79fd8064fc108fc7c5aefbe7016b1eeeb150228f93745"],
    ["InputPayment", "0x66edc7ab4e5f0ad0adad21638ffff360dbf956d89a28f9ec6cdd3e7a123bb4eb"],
    ["InputRefund", "0x9f8e11410c9bfb023e54a2bfcc41ef4f8db1fe4bb5db7873169ff3aead2bf0e2"],
    ["Output", "0xec5bd83409077be71a3fbc2c8578ea7dd1aa0ce0a7be97571a0a89e61e2c2269"],
    ["OutputPayment", "0x96c6557b6ec114bb9ff5291394bf5f35c3685043c1a46f43146634a70dca0cdc"],
    ["Fee", "0x5e1420e6482d4138dbc016fa378f064eb120b8b82c866fbb1da0b68c92f8abae"],
  ])("v1 %s has the published typehash", (name, expected) => {
    expect(typeHash(encodeTypeNoble(v1, name))).toBe(expected);
  });
  test("v1 Order's type string lists the referenced structs sorted", () => {
    expect(encodeTypeNoble(v1, "Order")).toMatch(
      /^Order\(.*\)Fee\(.*\)Input\(.*\)InputPayment\(.*\)InputRefund\(.*\)Output\(.*\)OutputPayment\(.*\)$/,
    );
  });
  test("v2 Order has the published typehash", () => {
    const hash = typeHash(encodeTypeNoble(v2, "Order"));
    expect(hash.slice(0, 10)).toBe("0xb7f48662");
    expect(hash.slice(-4)).toBe("b645");
  });
});

test("empty arrays hash to keccak256 of nothing; empty bytes likewise", () => {
  const types = parseTypesNoble(["T(bytes[] calls,bytes data)"]);
  const empty = bytesToHex(keccak_256(new Uint8Array()));
  expect(empty).toBe("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  const expected = keccak_256(
    Uint8Array.from([
      ...keccak_256(new TextEncoder().encode("T(bytes[] calls,bytes data)")),
      ...bytes(empty),
      ...bytes(empty),
    ]),
  );
  expect(hashStructNoble({ types, primaryType: "T", data: { calls: [], data: new Uint8Array() } })).toEqual(
    expected,
  );
});

test("integers must fit their width", () => {
  const types = parseTypesNoble(["T(uint32 deadline)"]);
  expect(() => hashStructNoble({ types, primaryType: "T", data: { deadline: 2n ** 32n } })).toThrow(
    RangeError,
  );
  expect(() =>
    hashStructNoble({ types, primaryType: "T", data: { deadline: 2n ** 32n - 1n } }),
  ).not.toThrow();
});

test("onStruct sees children before their parent, with paths", () => {
  const types = parseTypesNoble(["A(B[] bs,B one)", "B(string s)"]);
  const seen: string[] = [];
  hashStructNoble({
    types,
    primaryType: "A",
    data: { bs: [{ s: "x" }, { s: "y" }], one: { s: "z" } },
    path: "a",
    onStruct: (path, type) => seen.push(`${type} ${path}`),
  });
  expect(seen).toEqual(["B a.bs[0]", "B a.bs[1]", "B a.one", "A a"]);
});

test("malformed member strings are refused", () => {
  expect(() => parseTypesNoble(["T(string)"])).toThrow(/bad member/);
  expect(() => parseTypesNoble(["(string s)"])).toThrow(/not an EIP-712 member string/);
});

test("type hashes are kept per types object: the same struct name in other types hashes by its own members", () => {
  const one = parseTypesNoble(["Mail(string contents)"]);
  const other = parseTypesNoble(["Mail(string subject)"]);
  const data = { contents: "hi", subject: "hi" };
  const first = hashStructNoble({ types: one, primaryType: "Mail", data });
  const second = hashStructNoble({ types: other, primaryType: "Mail", data });
  expect(bytesToHex(second)).not.toBe(bytesToHex(first));
  // Hashed again (the cached type hash), each gives what it gave.
  expect(bytesToHex(hashStructNoble({ types: one, primaryType: "Mail", data }))).toBe(bytesToHex(first));
  const typeHash = keccak_256(new TextEncoder().encode("Mail(string subject)"));
  const contents = keccak_256(new TextEncoder().encode("hi"));
  expect(bytesToHex(second)).toBe(bytesToHex(keccak_256(new Uint8Array([...typeHash, ...contents]))));
});
