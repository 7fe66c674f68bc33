import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import { afterEach, expect, test } from "vitest";
import { describeDeliveryFailure } from "./describeDeliveryFailure.js";
import { rawDeliveryError } from "./rawDeliveryError.js";

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  // A connection left open (the endpoint that never answers) would hold its server's close.
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A TCP server on a free port of 127.0.0.1 doing `onConnection` with each connection. */
async function tcpServer(onConnection: (socket: Socket) => void) {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** A port of 127.0.0.1 nothing listens on: one a server had, closed again. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What `fetch` throws for `url` (within `timeoutMs`), in words and as thrown. */
async function failureOf(url: string, timeoutMs = 10_000) {
  const error = await fetch(url, { method: "POST", signal: AbortSignal.timeout(timeoutMs) }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeDefined();
  return { words: describeDeliveryFailure({ error, url, timeoutMs }), raw: rawDeliveryError(error) };
}

test("default: a refused connection names the address and port, and the raw error keeps the cause", async () => {
  const port = await closedPort();
  const { words, raw } = await failureOf(`http://127.0.0.1:${port}/hooks`);
  expect(words).toBe(`connection refused at 127.0.0.1:${port} (nothing listens there)`);
  expect(raw).toBe(
    `TypeError: fetch failed (cause: Error ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port})`,
  );
});

test("an endpoint named localhost: the address the connection was refused at", async () => {
  const port = await closedPort();
  expect((await failureOf(`http://localhost:${port}/`)).words).toMatch(
    new RegExp(`^connection refused at (127\\.0\\.0\\.1|::1):${port} \\(nothing listens there\\)$`),
  );
});

test("an endpoint that accepts and never answers: timed out after the attempt's limit", async () => {
  // The limit is the attempt's own signal: the words follow from the error, not from a wait.
  const port = await tcpServer(() => {});
  expect((await failureOf(`http://127.0.0.1:${port}/`, 50)).words).toBe(
    `timed out after 50 ms waiting for 127.0.0.1:${port}`,
  );
});

test("an endpoint that closes the connection without answering", async () => {
  const port = await tcpServer((socket) => socket.destroy());
  expect((await failureOf(`http://127.0.0.1:${port}/`)).words).toBe(
    `127.0.0.1:${port} closed the connection without answering`,
  );
});

test("a port fetch never connects to (port 1): says so, rather than `fetch failed`", async () => {
  const { words, raw } = await failureOf("http://127.0.0.1:1/hooks");
  expect(words).toBe(
    "port 1 is one fetch never connects to (a blocked port): give the endpoint another port",
  );
  expect(raw).toBe("TypeError: fetch failed (cause: Error: bad port)");
});

test("the other causes, by their code", () => {
  const url = "https://hooks.example:8443/in";
  const failed = (cause: object) => Object.assign(new TypeError("fetch failed"), { cause });
  const words = (error: unknown) => describeDeliveryFailure({ error, url, timeoutMs: 10_000 });
  expect({
    reset: words(failed({ code: "ECONNRESET", address: "10.0.0.2", port: 8443 })),
    dns: words(failed({ code: "ENOTFOUND", message: "getaddrinfo ENOTFOUND hooks.example" })),
    unreachable: words(failed({ code: "EHOSTUNREACH" })),
    connectTimeout: words(failed({ code: "UND_ERR_CONNECT_TIMEOUT" })),
    headersTimeout: words(failed({ code: "UND_ERR_HEADERS_TIMEOUT" })),
    certificate: words(failed({ code: "DEPTH_ZERO_SELF_SIGNED_CERT", message: "self-signed certificate" })),
    aggregate: words(
      failed({ code: "ECONNREFUSED", errors: [{ code: "ECONNREFUSED", address: "::1", port: 8443 }] }),
    ),
    unknown: words(failed({ code: "EWHATEVER", message: "something odd" })),
    stopped: words(new DOMException("This operation was aborted", "AbortError")),
    notAnError: words("boom"),
  }).toMatchInlineSnapshot(`
    {
      "aggregate": "connection refused at ::1:8443 (nothing listens there)",
      "certificate": "TLS with hooks.example:8443 failed: self-signed certificate",
      "connectTimeout": "connecting to hooks.example:8443 timed out",
      "dns": "host hooks.example not found (DNS)",
      "headersTimeout": "hooks.example:8443 did not answer in time",
      "notAnError": "could not reach hooks.example:8443: boom",
      "reset": "connection reset by 10.0.0.2:8443",
      "stopped": "stopped before hooks.example:8443 answered (the devnet was stopping)",
      "unknown": "could not reach hooks.example:8443: something odd",
      "unreachable": "no route to hooks.example:8443",
    }
  `);
});
