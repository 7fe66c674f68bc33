import { expect, test } from "vitest";
import { detectAuditFormat } from "./detectAuditFormat.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const bom = [0xef, 0xbb, 0xbf];

test("default: the first byte that is not white space tells the layout", () => {
  expect(detectAuditFormat(bytes(' \n\t[{"a":1}]'), false)).toEqual({ format: "array", start: 0 });
  expect(detectAuditFormat(bytes('{"a":1}\n'), false)).toEqual({ format: "jsonl", start: 0 });
});

test("a byte order mark is skipped", () => {
  expect(detectAuditFormat(Uint8Array.from([...bom, 0x5b]), false)).toEqual({ format: "array", start: 3 });
  expect(detectAuditFormat(Uint8Array.from([...bom, 0x7b]), false)).toEqual({ format: "jsonl", start: 3 });
});

test("undecided until more is read: a byte order mark cut short, or only white space", () => {
  expect(detectAuditFormat(Uint8Array.from(bom.slice(0, 2)), false)).toBeUndefined();
  expect(detectAuditFormat(bytes("  \n"), false)).toBeUndefined();
  expect(detectAuditFormat(new Uint8Array(0), false)).toBeUndefined();
});

test("an input that has ended is decided on what there is", () => {
  expect(detectAuditFormat(bytes("  \n"), true)).toEqual({ format: "jsonl", start: 0 });
  expect(detectAuditFormat(new Uint8Array(0), true)).toEqual({ format: "jsonl", start: 0 });
  expect(detectAuditFormat(Uint8Array.from(bom.slice(0, 2)), true)).toEqual({ format: "jsonl", start: 0 });
});
