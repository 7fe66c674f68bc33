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
  /**
   * Resolves once `count` requests have been received since the last `reset` (at once when they
   * already have): an event to wait for, never a polling interval.
   */
  waitForRequests: (count: number) => Promise<void>;
  /**
   * The same server without a socket: a `fetch` that answers from the routes in memory (recording
   * the request, honouring `delayMs`, `destroy` and the caller's abort signal). A client given it
   * runs entirely on timers, so a test on vitest's fake timers controls every wait exactly, with no
   * network scheduling in between. Its URLs are the server's (`url`).
   */
  fetch: typeof globalThis.fetch;
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
  const waiters: { count: number; resolve: () => void }[] = [];
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

  /** Records a request and picks its programmed answer. */
  const answer = async (
    request: Omit<RecordedRequest, "path" | "query" | "body" | "receivedAt"> & { url: string },
  ): Promise<TestResponse> => {
    const url = new URL(request.url, "http://127.0.0.1");
    let body: unknown;
    try {
      body = request.rawBody ? JSON.parse(request.rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      rawBody: request.rawBody,
      body,
      receivedAt: Date.now(),
    };
    requests.push(recorded);
    for (const waiter of waiters.splice(0))
      if (requests.length >= waiter.count) waiter.resolve();
      else waiters.push(waiter);

    const route = routes.get(key(recorded.method, recorded.path));
    if (!route)
      return {
        status: 404,
        body: { message: `No route ${recorded.method} ${recorded.path}`, code: "NOT_FOUND" },
      };
    const handler = route.handlers[Math.min(route.next, route.handlers.length - 1)] as TestHandler;
    route.next++;
    try {
      return typeof handler === "function" ? await handler(recorded) : handler;
    } catch (error) {
      return { status: 500, body: { message: String(error) } };
    }
  };
  /** Waits `delayMs`, or until `gaveUp` fires (the client's timeout or abort). */
  const delay = (ms: number, gaveUp: (stop: () => void) => void) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      gaveUp(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const textOf = (response: TestResponse) =>
    response.raw ?? (response.body === undefined ? "" : JSON.stringify(response.body));
  const headersOf = (response: TestResponse) => ({
    ...(response.raw === undefined && response.body !== undefined
      ? { "content-type": "application/json" }
      : {}),
    ...response.headers,
  });

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await answer({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      rawBody: Buffer.concat(chunks).toString("utf8"),
    });
    // The client gave up (timeout, abort): stop waiting.
    if (response.delayMs) await delay(response.delayMs, (stop) => res.once("close", stop));
    if (res.destroyed) return;
    if (response.destroy) {
      req.socket.destroy();
      return;
    }
    res.writeHead(response.status ?? 200, headersOf(response));
    res.end(textOf(response));
  });

  const inMemoryFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const signal = init?.signal ?? undefined;
    const aborted = () => signal?.reason ?? new DOMException("This operation was aborted", "AbortError");
    if (signal?.aborted) throw aborted();
    const headers: IncomingHttpHeaders = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const response = await answer({
      method: request.method,
      url: `${new URL(request.url).pathname}${new URL(request.url).search}`,
      headers,
      rawBody: await request.text(),
    });
    if (response.delayMs)
      await delay(response.delayMs, (stop) => signal?.addEventListener("abort", stop, { once: true }));
    if (signal?.aborted) throw aborted();
    if (response.destroy) throw new TypeError("fetch failed", { cause: new Error("socket hang up") });
    const status = response.status ?? 200;
    // Redirect statuses come back as they are, as `redirect: "manual"` gives them.
    return new Response([101, 204, 205, 304].includes(status) ? null : textOf(response), {
      status,
      headers: headersOf(response),
    });
  };

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
    fetch: inMemoryFetch,
    requestsTo: (method, path) => requests.filter((r) => key(r.method, r.path) === key(method, path)),
    waitForRequests: (count) =>
      new Promise<void>((resolve) => {
        if (requests.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
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
