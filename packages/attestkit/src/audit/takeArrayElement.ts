import { arrayLineAt } from "./arrayLineAt.js";
import type { AuditArrayReader } from "./auditArrayReader.js";

/**
 * Keeps one element of the array, parsed, with the line its first token is on, until a batch
 * takes it, and counts it; the next token inside the array starts the next element.
 *
 * @param reader - The reader. {@link AuditArrayReader}
 * @param value - The element as parsed (any JSON value).
 * @returns Nothing. Never throws.
 * @example
 * parser.onValue = ({ value }) => takeArrayElement(reader, value)
 */
export function takeArrayElement(reader: AuditArrayReader, value: unknown): void {
  reader.items.push(value);
  reader.lines.push(arrayLineAt(reader, reader.elementStart));
  reader.lastElementStart = reader.elementStart;
  reader.elementStart = -1;
  reader.elements++;
}
