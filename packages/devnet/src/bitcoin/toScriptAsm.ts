import { hex } from "@scure/base";
import { readScript } from "./internal/readScript.js";

/**
 * Names of the non-push opcodes 0x61 (OP_NOP) to 0xba (OP_CHECKSIGADD), in order, spelt as Esplora
 * (rust-bitcoin) prints them.
 */
const opcodeNames: readonly string[] = [
  "OP_NOP",
  "OP_VER",
  "OP_IF",
  "OP_NOTIF",
  "OP_VERIF",
  "OP_VERNOTIF",
  "OP_ELSE",
  "OP_ENDIF",
  "OP_VERIFY",
  "OP_RETURN",
  "OP_TOALTSTACK",
  "OP_FROMALTSTACK",
  "OP_2DROP",
  "OP_2DUP",
  "OP_3DUP",
  "OP_2OVER",
  "OP_2ROT",
  "OP_2SWAP",
  "OP_IFDUP",
  "OP_DEPTH",
  "OP_DROP",
  "OP_DUP",
  "OP_NIP",
  "OP_OVER",
  "OP_PICK",
  "OP_ROLL",
  "OP_ROT",
  "OP_SWAP",
  "OP_TUCK",
  "OP_CAT",
  "OP_SUBSTR",
  "OP_LEFT",
  "OP_RIGHT",
  "OP_SIZE",
  "OP_INVERT",
  "OP_AND",
  "OP_OR",
  "OP_XOR",
  "OP_EQUAL",
  "OP_EQUALVERIFY",
  "OP_RESERVED1",
  "OP_RESERVED2",
  "OP_1ADD",
  "OP_1SUB",
  "OP_2MUL",
  "OP_2DIV",
  "OP_NEGATE",
  "OP_ABS",
  "OP_NOT",
  "OP_0NOTEQUAL",
  "OP_ADD",
  "OP_SUB",
  "OP_MUL",
  "OP_DIV",
  "OP_MOD",
  "OP_LSHIFT",
  "OP_RSHIFT",
  "OP_BOOLAND",
  "OP_BOOLOR",
  "OP_NUMEQUAL",
  "OP_NUMEQUALVERIFY",
  "OP_NUMNOTEQUAL",
  "OP_LESSTHAN",
  "OP_GREATERTHAN",
  "OP_LESSTHANOREQUAL",
  "OP_GREATERTHANOREQUAL",
  "OP_MIN",
  "OP_MAX",
  "OP_WITHIN",
  "OP_RIPEMD160",
  "OP_SHA1",
  "OP_SHA256",
  "OP_HASH160",
  "OP_HASH256",
  "OP_CODESEPARATOR",
  "OP_CHECKSIG",
  "OP_CHECKSIGVERIFY",
  "OP_CHECKMULTISIG",
  "OP_CHECKMULTISIGVERIFY",
  "OP_NOP1",
  "OP_CLTV",
  "OP_CSV",
  "OP_NOP4",
  "OP_NOP5",
  "OP_NOP6",
  "OP_NOP7",
  "OP_NOP8",
  "OP_NOP9",
  "OP_NOP10",
  "OP_CHECKSIGADD",
];

function opcodeName(opcode: number): string {
  if (opcode === 0x00) return "OP_0";
  if (opcode <= 0x4b) return `OP_PUSHBYTES_${opcode}`;
  if (opcode === 0x4c) return "OP_PUSHDATA1";
  if (opcode === 0x4d) return "OP_PUSHDATA2";
  if (opcode === 0x4e) return "OP_PUSHDATA4";
  if (opcode === 0x4f) return "OP_PUSHNUM_NEG1";
  if (opcode === 0x50) return "OP_RESERVED";
  if (opcode <= 0x60) return `OP_PUSHNUM_${opcode - 0x50}`;
  if (opcode === 0xff) return "OP_INVALIDOPCODE";
  return opcodeNames[opcode - 0x61] ?? `OP_RETURN_${opcode}`;
}

/**
 * Writes a script as the human-readable assembly Esplora answers in `scriptpubkey_asm` and
 * `scriptsig_asm`: `OP_0 OP_PUSHBYTES_20 751e…`. A push cut short by the end of the script ends
 * the text with `<push past end>`.
 *
 * @param script - The script bytes.
 * @returns The assembly text (empty for an empty script).
 * @example
 * toScriptAsm(hex.decode("0014751e76e8199196d454941c45d1b3a323f1433bd6"))
 * // "OP_0 OP_PUSHBYTES_20 751e76e8199196d454941c45d1b3a323f1433bd6"
 */
export function toScriptAsm(script: Uint8Array): string {
  const { ops, truncated } = readScript(script);
  const words: string[] = [];
  for (const { opcode, data } of ops) {
    words.push(opcodeName(opcode));
    if (data !== undefined && data.length > 0) words.push(hex.encode(data));
  }
  if (truncated) words.push("<push past end>");
  return words.join(" ");
}
