import { hex } from "@scure/base";
import { expect, test } from "vitest";
import { toScriptAsm } from "./toScriptAsm.js";

const asm = (script: string) => toScriptAsm(hex.decode(script));

test("default: P2WPKH", () => {
  expect(asm("0014751e76e8199196d454941c45d1b3a323f1433bd6")).toBe(
    "OP_0 OP_PUSHBYTES_20 751e76e8199196d454941c45d1b3a323f1433bd6",
  );
});

test("the standard output types and an OP_RETURN", () => {
  expect(asm("76a914751e76e8199196d454941c45d1b3a323f1433bd688ac")).toBe(
    "OP_DUP OP_HASH160 OP_PUSHBYTES_20 751e76e8199196d454941c45d1b3a323f1433bd6 OP_EQUALVERIFY OP_CHECKSIG",
  );
  expect(asm("a914751e76e8199196d454941c45d1b3a323f1433bd687")).toBe(
    "OP_HASH160 OP_PUSHBYTES_20 751e76e8199196d454941c45d1b3a323f1433bd6 OP_EQUAL",
  );
  expect(asm(`5120${"11".repeat(32)}`)).toBe(`OP_PUSHNUM_1 OP_PUSHBYTES_32 ${"11".repeat(32)}`);
  expect(asm(`6a20${"ab".repeat(32)}`)).toBe(`OP_RETURN OP_PUSHBYTES_32 ${"ab".repeat(32)}`);
});

test("push opcodes, numbers and unknown opcodes", () => {
  expect(asm("4c03aabbcc")).toBe("OP_PUSHDATA1 aabbcc");
  expect(asm("4d0200aabb")).toBe("OP_PUSHDATA2 aabb");
  expect(asm("4e01000000ff")).toBe("OP_PUSHDATA4 ff");
  expect(asm("4c00")).toBe("OP_PUSHDATA1");
  expect(asm("4f5060")).toBe("OP_PUSHNUM_NEG1 OP_RESERVED OP_PUSHNUM_16");
  expect(asm("b1b2ba")).toBe("OP_CLTV OP_CSV OP_CHECKSIGADD");
  expect(asm("bbfeff")).toBe("OP_RETURN_187 OP_RETURN_254 OP_INVALIDOPCODE");
  expect(asm("")).toBe("");
});

test("a push past the end of the script", () => {
  expect(asm("0014aabb")).toBe("OP_0 <push past end>");
  expect(asm("4c")).toBe("<push past end>");
  expect(asm("4d01")).toBe("<push past end>");
});
