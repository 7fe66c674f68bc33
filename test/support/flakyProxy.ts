// A flaky network in front of a service, on 127.0.0.1: each request is forwarded, answered 429, dropped
// (before any answer, or halfway through the body) or held until the test lets it go, as a plan the
// test gives says. The plan decides by the request's number, so what happens is the same on every run.
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy does with one request. */
export type FlakyAction =
  /** Passed to the service, its answer passed back. */
  | "forward"
  /** The connection closed before any answer: the client sees a dropped connection. */
  | "drop"
  /** Forwarded, then the connection closed halfway through the answer's body. */
  | "drop-mid-body"
  /** Kept unanswered until `release()` (then forwarded) or `close()`. */
  | "hold"
  /** Answered with this status and headers (and a JSON `{message}` body), not forwarded. */
  | { status: number; headers?: Record<string, string> };

/** A request as the plan sees it. */
export type FlakyRequest = {
  /** 1 for the first request the proxy received, and so on. */
  n: number;
  method: string;
  /** Path with its query. */
  path: string;
  /**
   * How many requests of this method and path the proxy received, this one included (1 for the
   * first): a plan that fails only the first tries of each request bounds the retries it causes.
   */
  seen: number;
};

export type FlakyProxy = {
  url: string;
  /** Decides each request; `forward` unless set. */
  plan: (request: FlakyRequest) => FlakyAction;
  /** Requests received so far, by what was done with them (a drop halfway through a body is a drop). */
  counts: { received: number; forwarded: number; dropped: number; answered: number; held: number };
  /** Resolves when at least `count` requests are held (at once if they already are). */
  whenHeld: (count: number) => Promise<void>;
  /** Forwards every held request and stops holding: the plan is read again for the next ones. */
  release: () => void;
  close: () => Promise<void>;
};

/**
 * Starts the proxy in front of `target` (a base URL), on a free port of 127.0.0.1.
 *
 * @example
 * const proxy = await startFlakyProxy(devnet.url)
 * proxy.plan = ({ n, seen }) => (seen > 2 ? "forward" : n % 7 === 0 ? { status: 429, headers: { "retry-after": "0" } } : "drop")
 */
export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const held: { request: IncomingMessage; response: ServerResponse }[] = [];
  const heldWaiters: { count: number; resolve: () => void }[] = [];
  // One pool of kept-alive connections to the service, as a real proxy keeps.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const forward = (request: IncomingMessage, response: ServerResponse, cut: boolean) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
        headers[name] = value;
    const upstream = httpRequest(
      `${target}${request.url ?? "/"}`,
      { method: request.method ?? "GET", headers, agent },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          const out: Record<string, string> = { "content-length": String(body.length) };
          for (const name of ["content-type", "retry-after"]) {
            const value = answer.headers[name];
            if (typeof value === "string") out[name] = value;
          }
          if (response.destroyed) return;
          response.writeHead(answer.statusCode ?? 502, out);
          if (!cut) {
            response.end(body);
            return;
          }
          response.write(body.subarray(0, Math.floor(body.length / 2)));
          // Let the half go out, then close: the client reads a body that breaks off.
          setImmediate(() => response.socket?.destroy());
        });
      },
    );
    upstream.on("error", (error) => {
      if (response.destroyed || response.headersSent) return;
      response.writeHead(502, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: String(error) }));
    });
    upstream.end();
  };
  const proxy: FlakyProxy = {
    url: "",
    plan: () => "forward",
    counts: { received: 0, forwarded: 0, dropped: 0, answered: 0, held: 0 },
    whenHeld: (count) =>
      new Promise<void>((resolve) => {
        if (held.length >= count) resolve();
        else heldWaiters.push({ count, resolve });
      }),
    release: () => {
      holding = false;
      for (const { request, response } of held.splice(0)) {
        proxy.counts.forwarded++;
        forward(request, response, false);
      }
    },
    close: async () => {},
  };
  // Once a request is held, every later one is held too, until `release`.
  let holding = false;
  const seenCounts = new Map<string, number>();
  const server = createServer((request, response) => {
    // The body (none for the GETs this proxy is for) is drained, so the request is complete.
    request.resume();
    const n = ++proxy.counts.received;
    const method = request.method ?? "GET";
    const path = request.url ?? "/";
    const seen = (seenCounts.get(`${method} ${path}`) ?? 0) + 1;
    seenCounts.set(`${method} ${path}`, seen);
    const action = holding ? "hold" : proxy.plan({ n, method, path, seen });
    if (action === "hold") {
      holding = true;
      proxy.counts.held++;
      held.push({ request, response });
      for (const waiter of heldWaiters.filter((w) => held.length >= w.count)) {
        heldWaiters.splice(heldWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      return;
    }
    if (action === "drop") {
      proxy.counts.dropped++;
      request.socket.destroy();
      return;
    }
    if (typeof action === "object") {
      proxy.counts.answered++;
      response.writeHead(action.status, { "content-type": "application/json", ...action.headers });
      response.end(JSON.stringify({ message: `the flaky proxy answered ${action.status}` }));
      return;
    }
    if (action === "drop-mid-body") proxy.counts.dropped++;
    else proxy.counts.forwarded++;
    forward(request, response, action === "drop-mid-body");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve, reject) => {
      for (const { response } of held.splice(0)) response.socket?.destroy();
      agent.destroy();
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return proxy;
}
