// A request history served the way the service pages it (GET /requests/v3 and /requests/v2 with
// `continuation`, GET /requests/{id}/signature and /signature/v2), from memory: in a fetch of its own
// (no socket: a test on a virtual clock controls every wait) or on a real server on 127.0.0.1. The
// attestations are fixed shapes with placeholder signatures: for tests of the collection, not of
// the verifiers (the devnet's history is signed for real).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One request of the history, with the attestation the signature endpoint gives. */
export type FakeHistoryEntry = {
  requestId: string;
  requestData: Record<string, unknown>;
  signature: string;
};

/** What a request to the fake service is: its number (from 1), method and path with query. */
export type FakeHistoryRequest = { n: number; method: string; path: string };

/** An answer instead of the service's: a status with headers, or a dropped connection. */
export type FakeHistoryFault = { status: number; headers?: Record<string, string> } | "drop";

export type FakeHistoryParameters = {
  /** Requests in the history, newest first as listed. */
  count: number;
  /** Ids the signature endpoint answers 404 for (listed all the same). */
  withoutAttestation?: readonly string[] | undefined;
};

/** The id of the history's `index`-th request: 0x and 64 hex digits. */
export const fakeRequestId = (index: number): string => `0x${(index + 1).toString(16).padStart(64, "0")}`;

/**
 * Builds the history's entries, newest first: request `i` has id `fakeRequestId(i)`, and an
 * attestation whose fields are fixed but for the amount (`i + 1`).
 */
export function createFakeHistory({ count }: Pick<FakeHistoryParameters, "count">): FakeHistoryEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    requestId: fakeRequestId(i),
    requestData: {
      originChainId: 1,
      originUser: "0x1111111111111111111111111111111111111111",
      originCurrency: "0x0000000000000000000000000000000000000000",
      originAmount: String(i + 1),
      destinationChainId: 10,
      destinationUser: "0x2222222222222222222222222222222222222222",
    },
    signature: `0x${"ab".repeat(65)}`,
  }));
}

/** The entries by request id, built once per history. */
const indexes = new WeakMap<readonly FakeHistoryEntry[], Map<string, FakeHistoryEntry>>();
function indexOf(entries: readonly FakeHistoryEntry[]): Map<string, FakeHistoryEntry> {
  let index = indexes.get(entries);
  if (!index) {
    index = new Map(entries.map((entry) => [entry.requestId, entry]));
    indexes.set(entries, index);
  }
  return index;
}

/**
 * Answers one request as the service would: the listing in pages (`limit`, default 20; an opaque
 * `continuation` holding the next offset; `total` with `includeTotal`), an attestation, or 404.
 */
export function answerFakeHistory(
  entries: readonly FakeHistoryEntry[],
  { method, path }: Omit<FakeHistoryRequest, "n">,
  { withoutAttestation = [] }: Pick<FakeHistoryParameters, "withoutAttestation"> = {},
): { status: number; body: unknown } {
  const url = new URL(path, "http://fake");
  if (method === "GET" && (url.pathname === "/requests/v3" || url.pathname === "/requests/v2")) {
    const limit = Number(url.searchParams.get("limit") ?? 20);
    const continuation = url.searchParams.get("continuation");
    const from = continuation ? Number(Buffer.from(continuation, "base64url").toString()) : 0;
    const page = entries.slice(from, from + limit);
    const next =
      from + limit < entries.length ? Buffer.from(String(from + limit)).toString("base64url") : undefined;
    return {
      status: 200,
      body: {
        requests: page.map((entry) => ({ id: entry.requestId, status: "success" })),
        ...(next ? { continuation: next } : {}),
        ...(url.searchParams.get("includeTotal") === "true" ? { total: entries.length } : {}),
      },
    };
  }
  const signature = /^\/requests\/([^/]+)\/signature(\/v2)?$/.exec(url.pathname);
  const entry = signature && indexOf(entries).get(signature[1] as string);
  if (method === "GET" && entry && !withoutAttestation.includes(entry.requestId)) {
    const { requestData } = entry;
    const v2 = signature?.[2] !== undefined;
    const { originAmount, ...common } = requestData;
    return {
      status: 200,
      body: {
        requestData: v2
          ? { ...common, destinationCurrency: "0x0000000000000000000000000000000000000000" }
          : { ...common, originAmount },
        signature: entry.signature,
      },
    };
  }
  return { status: 404, body: { message: "Request not found", code: "REQUEST_NOT_FOUND" } };
}

/**
 * A `fetch` that answers from the history in memory, each request first shown to `fault` (a 429, a
 * dropped connection, or undefined for the service's answer) and reported to `onRequest`.
 */
export function fakeHistoryFetch(
  entries: readonly FakeHistoryEntry[],
  {
    fault,
    onRequest,
    withoutAttestation,
  }: {
    fault?: ((request: FakeHistoryRequest) => FakeHistoryFault | undefined) | undefined;
    onRequest?: ((request: FakeHistoryRequest) => void) | undefined;
    withoutAttestation?: readonly string[] | undefined;
  } = {},
): typeof globalThis.fetch {
  let n = 0;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request = { n: ++n, method: init?.method ?? "GET", path: `${url.pathname}${url.search}` };
    onRequest?.(request);
    const failure = fault?.(request);
    if (failure === "drop")
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
      });
    if (failure)
      return new Response(JSON.stringify({ message: "Too many requests" }), {
        status: failure.status,
        headers: { "content-type": "application/json", ...failure.headers },
      });
    const { status, body } = answerFakeHistory(entries, request, { withoutAttestation });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
}

/** Serves the history on 127.0.0.1 (a free port). */
export async function startFakeHistoryServer(
  entries: readonly FakeHistoryEntry[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    const { status, body } = answerFakeHistory(entries, {
      method: request.method ?? "GET",
      path: request.url ?? "/",
    });
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
