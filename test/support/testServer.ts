import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One programmed answer. */
export type TestResponse = {
  /** HTTP status. Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON, unless `raw` is given. */
  body?: unknown;
  /** Sent as is (for malformed JSON, HTML error pages, empty bodies). */
  raw?: string;
  /** Wait this long before answering, in ms. */
  delayMs?: number;
  /** Drop the connection without an answer (a network failure for the client). */
  destroy?: boolean;
};

/** A request as the server received it. */
export type RecordedRequest = {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** `rawBody` parsed as JSON, or undefined. */
  body: unknown;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
};

/** An answer, or a function that builds one from the request. */
export type TestHandler = TestResponse | ((request: RecordedRequest) => TestResponse | Promise<TestResponse>);

export type TestServer = {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /**
   * Programs a route (`GET /chains`, query ignored). Each request takes the next handler; the last
   * one answers every later request. A route programmed again replaces the earlier handlers.
   */
  on: (method: string, path: string, ...handlers: TestHandler[]) => void;
  /** Requests received on one route. */
  requestsTo: (method: string, path: string) => RecordedRequest[];
  /** Forgets routes and recorded requests. */
  reset: () => void;
  close: () => Promise<void>;
};

/**
 * Starts a real HTTP server on 127.0.0.1 with programmable answers per route, recording every
 * request. Unprogrammed routes answer 404 `{ message, code: "NOT_FOUND" }`.
 *
 * @returns The running server. {@link TestServer}
 * @example
 * const server = await createTestServer()
 * server.on("GET", "/chains", { status: 429, headers: { "retry-after": "1" } }, { body: { chains: [] } })
 */
export async function createTestServer(): Promise<TestServer> {
  const routes = new Map<string, { handlers: TestHandler[]; next: number }>();
  const requests: RecordedRequest[] = [];
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody,
      body,
      receivedAt: Date.now(),
    };
    requests.push(recorded);

    const route = routes.get(key(recorded.method, recorded.path));
    let response: TestResponse;
    if (!route)
      response = {
        status: 404,
        body: { message: `No route ${recorded.method} ${recorded.path}`, code: "NOT_FOUND" },
      };
    else {
      const handler = route.handlers[Math.min(route.next, route.handlers.length - 1)] as TestHandler;
      route.next++;
      try {
        response = typeof handler === "function" ? await handler(recorded) : handler;
      } catch (error) {
        response = { status: 500, body: { message: String(error) } };
      }
    }

    if (response.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, response.delayMs);
        // The client gave up (timeout, abort): stop waiting.
        res.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (res.destroyed) return;
    if (response.destroy) {
      req.socket.destroy();
      return;
    }
    const text = response.raw ?? (response.body === undefined ? "" : JSON.stringify(response.body));
    res.writeHead(response.status ?? 200, {
      ...(response.raw === undefined && response.body !== undefined
        ? { "content-type": "application/json" }
        : {}),
      ...response.headers,
    });
    res.end(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, ...handlers) {
      if (handlers.length === 0) throw new Error("on() needs at least one handler");
      routes.set(key(method, path), { handlers, next: 0 });
    },
    requestsTo: (method, path) => requests.filter((r) => key(r.method, r.path) === key(method, path)),
    reset() {
      routes.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
