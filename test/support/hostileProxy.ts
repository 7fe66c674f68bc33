// A hostile service in front of a devnet: forwards every request as it is, and rewrites the body of
// each successful POST /quote/v2 answer with the rewrite currently set (and any other JSON answer with
// `rewriteAnswer`). It records every request
// it forwards, so a test can show that nothing was indexed, posted or submitted after a refusal.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Rewrites a quote answer in place or returns a new one. */
export type QuoteRewrite = (
  quote: Record<string, unknown>,
) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;

/** Rewrites any answer: the request it answers and its parsed JSON body. */
export type AnswerRewrite = (request: { method: string; path: string }, body: unknown) => unknown;

export type HostileProxy = {
  url: string;
  /** The rewrite applied to the next quote answers; undefined passes them through. */
  rewrite: QuoteRewrite | undefined;
  /**
   * A rewrite of any other successful JSON answer (`GET /chains`, `GET /devnet/info`, a signature
   * step's post): given the request and the parsed body, returns the body to send.
   */
  rewriteAnswer: AnswerRewrite | undefined;
  /** `METHOD path` of every request forwarded, in order. */
  requests: string[];
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Starts the proxy on 127.0.0.1 (a free port) in front of `target`.
 *
 * @example
 * const proxy = await startHostileProxy(devnet.url)
 * proxy.rewrite = (quote) => { quote.steps[0].items[0].data.value = "1"; return quote }
 */
export async function startHostileProxy(target: string): Promise<HostileProxy> {
  const proxy: HostileProxy = {
    url: "",
    rewrite: undefined,
    rewriteAnswer: undefined,
    requests: [],
    close: async () => {},
  };
  const server: Server = createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const path = request.url ?? "/";
      proxy.requests.push(`${request.method} ${path.split("?")[0]}`);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string" && name !== "host" && name !== "content-length") headers[name] = value;
      const answer = await fetch(`${target}${path}`, {
        method: request.method ?? "GET",
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      let text = await answer.text();
      if (
        request.method === "POST" &&
        path.startsWith("/quote/v2") &&
        answer.status === 200 &&
        proxy.rewrite
      ) {
        const quote = JSON.parse(text) as Record<string, unknown>;
        text = JSON.stringify((await proxy.rewrite(quote)) ?? quote);
      } else if (answer.status === 200 && proxy.rewriteAnswer && text.length > 0) {
        const method = request.method ?? "GET";
        text = JSON.stringify(proxy.rewriteAnswer({ method, path }, JSON.parse(text)));
      }
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
      response.end(text);
    } catch (error) {
      response.writeHead(502, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: String(error) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return proxy;
}
