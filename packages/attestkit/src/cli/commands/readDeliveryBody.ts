import type { IncomingMessage } from "node:http";

/** The largest delivery body read, in bytes. */
const maxBodyBytes = 1024 * 1024;

/**
 * A delivery's body as text, read up to 1 MiB.
 *
 * @param request - The delivery.
 * @returns The body, or null when it is over the limit.
 * @example
 * const raw = await readDeliveryBody(request)
 * if (raw === null) return { status: 413, body: { message: "body too large" } }
 */
export async function readDeliveryBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
