import type { Tokenizer, TokenParser } from "@streamparser/json";

/**
 * A JSON array being read, element by element: the streaming tokenizer and token parser, the
 * elements parsed and not yet handed out, and what is needed to name the line, byte offset and
 * element of any fault. The state every step of the array reader takes (`createAuditArrayReader`
 * builds it).
 */
export type AuditArrayReader = {
  /** Turns the bytes into JSON tokens. */
  readonly tokenizer: Tokenizer;
  /** Assembles the tokens into the array's elements. */
  readonly parser: TokenParser;
  /** Offset in the input of the first byte written (after a byte order mark). */
  readonly base: number;
  /** Elements per batch. */
  readonly batchItems: number;
  /** Longest element accepted, in bytes. */
  readonly maxEntryBytes: number;
  /** Elements parsed so far, handed out or not: the 0-based index of the next element. */
  elements: number;
  /** Elements parsed and not yet handed out. */
  items: unknown[];
  /** The line each of `items` starts on. */
  lines: number[];
  /** Bytes given to the tokenizer so far. */
  fed: number;
  /** The bytes kept to count lines, from where counting has reached on, with their offsets. */
  readonly kept: { start: number; bytes: Uint8Array }[];
  /** Offset up to which line ends have been counted. */
  counted: number;
  /** The line at offset `counted`. */
  countedLine: number;
  /** Nesting depth at the tokenizer's position (1: inside the array). */
  depth: number;
  /** Offset of the current element's first token, or -1 between elements. */
  elementStart: number;
  /** Offset of the first token of the last element parsed, or -1 before the first. */
  lastElementStart: number;
  /** Where the current element's space begins (after the last `[` or `,` of the array). */
  boundary: number;
  /** Offset of the last token seen (where a token parser error is). */
  lastToken: number;
  /** A UTF-8 sequence cut by the end of the previous chunk. */
  carry: Uint8Array;
};
