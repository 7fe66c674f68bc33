import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "../../packages/attestkit/src/webhooks/verifyWebhook.js";

/** One delivery as a receiver saw it. */
export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The verified event, or undefined when verification failed. */
  event: ReturnType<typeof verifyWebhook> | undefined;
  /** Status answered. */
  answered: number;
};

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Verified events answered 2xx, deduplicated by event id, in arrival order. */
  accepted: () => { id: string; event: NonNullable<ReceivedWebhook["event"]> }[];
  /** Resolves once `predicate` holds over the accepted events (checked on every delivery). */
  waitFor: (
    predicate: (accepted: ReturnType<WebhookReceiver["accepted"]>) => boolean,
    timeoutMs?: number,
  ) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Starts a webhook receiver on 127.0.0.1 that verifies every delivery with `verifyWebhook` (answering
 * 401 when it fails) and can fail the first attempts of each event on purpose, for tests.
 *
 * @param parameters - The HMAC secret (the API key) and how many attempts per event to answer 503.
 * @returns The running receiver.
 * @example
 * const receiver = await createWebhookReceiver({ secret: apiKey, failFirst: 9 })
 */
export async function createWebhookReceiver({
  secret,
  failFirst = 0,
}: {
  secret: string;
  failFirst?: number;
}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const attemptsByEvent = new Map<string, number>();
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let event: ReceivedWebhook["event"];
      try {
        event = verifyWebhook({ body: rawBody, headers: request.headers as Record<string, string>, secret });
      } catch {
        event = undefined;
      }
      const id = String(request.headers["x-event-id"]);
      const attempts = (attemptsByEvent.get(id) ?? 0) + 1;
      attemptsByEvent.set(id, attempts);
      const answered = event === undefined ? 401 : attempts <= failFirst ? 503 : 200;
      received.push({ headers: request.headers, rawBody, event, answered });
      response.writeHead(answered).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const accepted = () => {
    const seen = new Set<string>();
    const out: { id: string; event: NonNullable<ReceivedWebhook["event"]> }[] = [];
    for (const delivery of received) {
      const id = String(delivery.headers["x-event-id"]);
      if (delivery.answered !== 200 || !delivery.event || seen.has(id)) continue;
      seen.add(id);
      out.push({ id, event: delivery.event });
    }
    return out;
  };
  return {
    url,
    received,
    accepted,
    waitFor(predicate, timeoutMs = 20_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(accepted())) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`webhooks not received in ${timeoutMs} ms (${received.length} deliveries)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
