import { expect, test } from "vitest";
import { describeRefusedConnection } from "./describeRefusedConnection.js";

/** What Node.js's fetch throws when the connection is refused: a TypeError over the system error. */
function refused(address: string, port: number, url?: string) {
  const system = Object.assign(new Error(`connect ECONNREFUSED ${address}:${port}`), {
    code: "ECONNREFUSED",
    address,
    port,
  });
  const fetchError = new TypeError("fetch failed", { cause: system });
  return url === undefined
    ? fetchError
    : Object.assign(new Error("request failed", { cause: fetchError }), { url });
}

test("default: a loopback URL on the devnet's port says to start one", () => {
  expect(
    describeRefusedConnection(refused("127.0.0.1", 8787, "http://127.0.0.1:8787/intents/status/v3?x=1")),
  ).toBe("Nothing listens at http://127.0.0.1:8787: start one with `attestkit devnet`.");
});

test("another loopback port is named in the command", () => {
  expect(describeRefusedConnection(refused("::1", 9000, "http://[::1]:9000/chains"))).toBe(
    "Nothing listens at http://[::1]:9000: start one with `attestkit devnet --port 9000`.",
  );
  expect(describeRefusedConnection(refused("127.0.0.1", 8787, "http://localhost:8787/"))).toBe(
    "Nothing listens at http://localhost:8787: start one with `attestkit devnet`.",
  );
});

test("another host: its URL, cut to the origin (a key in the path or query stays out)", () => {
  expect(
    describeRefusedConnection(refused("203.0.113.5", 443, "https://api.example.com/quote/v2?key=secret")),
  ).toBe("https://api.example.com refused the connection: check that URL.");
});

test("no URL in the chain: the refused address and port, also inside an AggregateError", () => {
  const aggregate = new TypeError("fetch failed", {
    cause: new AggregateError([refused("127.0.0.1", 4000).cause, refused("::1", 4000).cause]),
  });
  expect(describeRefusedConnection(aggregate)).toBe(
    "Nothing listens at 127.0.0.1:4000: start one with `attestkit devnet --port 4000`.",
  );
});

test("any other failure: nothing to say", () => {
  const reset = new TypeError("fetch failed", {
    cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
  });
  expect(describeRefusedConnection(reset)).toBeUndefined();
  expect(describeRefusedConnection("ECONNREFUSED")).toBeUndefined();
});

test("a host with no address (offline, a typo): check the network, or point --api at another service", () => {
  const dns = (code: string) =>
    Object.assign(
      new Error("request failed", {
        cause: new TypeError("fetch failed", {
          cause: Object.assign(new Error(`getaddrinfo ${code} api.example.com`), {
            code,
            hostname: "api.example.com",
          }),
        }),
      }),
      { url: "https://api.example.com/requests/0x12/signature/v2?key=secret" },
    );
  const advice =
    "No address found for api.example.com (offline, or a mistyped host): check the network, or point --api at another service (a local devnet: --api http://127.0.0.1:8787).";
  expect(describeRefusedConnection(dns("ENOTFOUND"))).toBe(advice);
  expect(describeRefusedConnection(dns("EAI_AGAIN"))).toBe(advice);
  // Without the request's URL, the host the lookup named.
  expect(describeRefusedConnection((dns("ENOTFOUND").cause as Error).cause)).toBe(advice);
});
