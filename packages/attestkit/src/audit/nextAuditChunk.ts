import { InvalidAuditInputError } from "./errors.js";

/**
 * The next chunk of an audit's input, with a failure of the source (a file that cannot be read,
 * a connection dropped) turned into the audit's own error.
 *
 * @param iterator - The input's chunks.
 * @returns The iterator's step.
 * @throws InvalidAuditInputError `unreadable`, with what the source threw as its cause.
 * @example
 * const step = await nextAuditChunk(iterator)
 */
export async function nextAuditChunk(
  iterator: AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>,
): Promise<IteratorResult<Uint8Array | string>> {
  try {
    return await iterator.next();
  } catch (cause) {
    throw new InvalidAuditInputError({
      reason: "unreadable",
      message: `cannot be read (${cause instanceof Error ? cause.message : String(cause)})`,
      cause,
    });
  }
}
