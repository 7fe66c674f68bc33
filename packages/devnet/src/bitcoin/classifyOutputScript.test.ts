import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import { expect, test } from "vitest";
import { classifyOutputScript } from "./classifyOutputScript.js";

const h = (text: string) => hex.decode(text);

test("default: a P2WPKH script (BIP173 example)", () => {
  expect(classifyOutputScript(h("0014751e76e8199196d454941c45d1b3a323f1433bd6"))).toEqual({
    type: "v0_p2wpkh",
    address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    standard: true,
    dustThreshold: 294n,
  });
});

// Base58check of version 0x05 and the script hash, computed apart from the code under test.
const p2shAddress = createBase58check(sha256).encode(
  Uint8Array.of(0x05, ...hex.decode("751e76e8199196d454941c45d1b3a323f1433bd6")),
);

test("each standard address type, with Bitcoin Core's dust thresholds", () => {
  const cases = [
    [
      "76a914751e76e8199196d454941c45d1b3a323f1433bd688ac",
      "p2pkh",
      "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH",
      546n,
    ],
    ["a914751e76e8199196d454941c45d1b3a323f1433bd687", "p2sh", p2shAddress, 540n],
    [
      "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262",
      "v0_p2wsh",
      "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
      330n,
    ],
    [
      "5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c",
      "v1_p2tr",
      "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr",
      330n,
    ],
  ] as const;
  for (const [script, type, address, dust] of cases)
    expect(classifyOutputScript(h(script))).toEqual({ type, address, standard: true, dustThreshold: dust });
});

test("OP_RETURN: standard up to 83 bytes and push-only, no address, no dust", () => {
  const data = (length: number) => Uint8Array.of(0x6a, 0x4c, length, ...new Uint8Array(length));
  expect(classifyOutputScript(h(`6a20${"ab".repeat(32)}`))).toEqual({
    type: "op_return",
    address: undefined,
    standard: true,
    dustThreshold: 0n,
  });
  expect(classifyOutputScript(h("6a")).standard).toBe(true);
  expect(classifyOutputScript(data(80))).toMatchObject({ type: "op_return", standard: true });
  expect(data(80)).toHaveLength(83);
  expect(classifyOutputScript(data(81))).toMatchObject({ type: "op_return", standard: false });
  // Not push-only after OP_RETURN, or a push running past the end: not a data carrier.
  expect(classifyOutputScript(h("6a76")).type).toBe("unknown");
  expect(classifyOutputScript(h("6a05aabb")).type).toBe("unknown");
});

test("unknown scripts are not standard", () => {
  for (const script of ["", "51", "0015751e76e8199196d454941c45d1b3a323f1433bd6aa", `5220${"00".repeat(32)}`])
    expect(classifyOutputScript(h(script))).toEqual({
      type: "unknown",
      address: undefined,
      standard: false,
      dustThreshold: 0n,
    });
  // A P2WPKH prefix with the wrong length is not P2WPKH.
  expect(classifyOutputScript(h("0014751e76e8199196d454941c45d1b3a323f1433b")).type).toBe("unknown");
});
