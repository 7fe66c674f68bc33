import type { IncomingMessage, ServerResponse } from "node:http";
import { defaultMaxBodyBytes } from "./constants.js";

export type ToNodeListenerParameters = {
  /** Largest accepted body in bytes; larger requests get 413 without reaching the handler. Defaults to 1 MiB. */
  maxBodyBytes?: number | undefined;
};

/** A `node:http` request listener. */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

export type ToNodeListenerReturnType = NodeListener;

async function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function toHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/**
 * Adapts a web-standard handler (such as `createWebhookHandler`'s) to `node:http`, passing the raw
 * body bytes through untouched.
 *
 * @param handler - The `Request` to `Response` handler.
 * @param parameters - {@link ToNodeListenerParameters}
 * @returns A listener for `http.createServer`. {@link ToNodeListenerReturnType}
 * @example
 * http.createServer(toNodeListener(createWebhookHandler({ secret, onEvent }))).listen(8080, "127.0.0.1")
 */
export function toNodeListener(
  handler: (request: Request) => Response | Promise<Response>,
  { maxBodyBytes = defaultMaxBodyBytes }: ToNodeListenerParameters = {},
): ToNodeListenerReturnType {
  return (request, response) => {
    const send = async () => {
      const method = request.method ?? "GET";
      const hasBody = method !== "GET" && method !== "HEAD";
      const body = hasBody ? await readNodeBody(request, maxBodyBytes) : undefined;
      if (hasBody && !body) {
        response.writeHead(413, { "content-type": "application/json", connection: "close" });
        response.end(JSON.stringify({ error: "body-too-large" }));
        return;
      }
      const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`);
      const answer = await handler(
        new Request(url, {
          method,
          headers: toHeaders(request),
          ...(body ? { body: new Uint8Array(body) } : {}),
        }),
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    };
    send().catch(() => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(response.headersSent ? undefined : JSON.stringify({ error: "internal-error" }));
    });
  };
}
