/** One operation of a script: an opcode, and for a push the pushed bytes. */
export type ScriptOp = {
  opcode: number;
  /** The pushed bytes, for push opcodes (0x00-0x4e); undefined otherwise. */
  data: Uint8Array | undefined;
};

/** A script read into operations; `truncated` when a push runs past the end. */
export type ReadScriptReturnType = { ops: ScriptOp[]; truncated: boolean };

/**
 * Splits a script into its operations the way the script interpreter reads them: opcodes 0x01-0x4b
 * push that many bytes, OP_PUSHDATA1/2/4 (0x4c-0x4e) read a 1/2/4-byte little-endian length first.
 *
 * @param script - The script bytes.
 * @returns The operations, and whether the last push was cut short.
 */
export function readScript(script: Uint8Array): ReadScriptReturnType {
  const ops: ScriptOp[] = [];
  let at = 0;
  while (at < script.length) {
    const opcode = script[at] as number;
    at += 1;
    if (opcode > 0x4e) {
      ops.push({ opcode, data: undefined });
      continue;
    }
    let length = opcode;
    const lengthBytes = opcode === 0x4c ? 1 : opcode === 0x4d ? 2 : opcode === 0x4e ? 4 : 0;
    if (lengthBytes > 0) {
      if (at + lengthBytes > script.length) return { ops, truncated: true };
      length = 0;
      for (let i = lengthBytes - 1; i >= 0; i--) length = length * 256 + (script[at + i] as number);
      at += lengthBytes;
    }
    if (at + length > script.length) return { ops, truncated: true };
    ops.push({ opcode, data: script.subarray(at, at + length) });
    at += length;
  }
  return { ops, truncated: false };
}

/**
 * Tells whether a script holds only pushes (OP_0, data pushes, OP_1NEGATE, OP_1-OP_16) and reads to the
 * end, as Bitcoin Core's `IsPushOnly` does.
 *
 * @param script - The script bytes.
 * @returns True for a push-only script.
 */
export function isPushOnly(script: Uint8Array): boolean {
  const { ops, truncated } = readScript(script);
  return !truncated && ops.every(({ opcode }) => opcode <= 0x60);
}
