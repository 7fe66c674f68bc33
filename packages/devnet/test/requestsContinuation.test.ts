// The request listings of the official SDK's API types, `GET /requests/v3` (`getRequests`) and
// `GET /requests/v2` (`getRequestsV2`), read through the typed client from the devnet's app in
// process (its store holds the requests; no chain is needed): each filter is sent as written and
// applied, filters combine, and following `continuation` from page to page yields every match once,
// newest first, the last page without a cursor.
import { Hono } from "hono";
import { type Address, type Hex, padHex, toHex } from "viem";
import { expect, test } from "vitest";
import { apiChains, apiUrl, currencies, solver } from "../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../test/support/devnetRequests.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import type { RequestsRequest, RequestsV2Request } from "../../attestkit/src/schemas/types.js";
import { registerErrorHandlers } from "../src/api/registerErrorHandlers.js";
import { registerSdkRoutes } from "../src/api/registerSdkRoutes.js";
import { registerStatusRoutes } from "../src/api/registerStatusRoutes.js";
import { createRequestStore } from "../src/state/createRequestStore.js";
import type { DevnetRequest } from "../src/state/types.js";

const alice: Address = "0x000000000000000000000000000000000000A11C";
const bob: Address = "0x000000000000000000000000000000000000B0B0";
const aliceFriend: Address = "0x000000000000000000000000000000000000F00D";

/** Request `index`: created `index` seconds after the first, from 31337 (even) or 31338 (odd). */
function request(index: number, patch: Partial<DevnetRequest>): DevnetRequest {
  const createdAt = 1_000_000 + index * 1_000;
  return quotedRequest({
    requestId: padHex(toHex(index + 1), { size: 32 }),
    originChainId: index % 2 === 0 ? 31337 : 31338,
    destinationChainId: index % 2 === 0 ? 31338 : 31337,
    createdAt,
    updatedAt: createdAt,
    ...patch,
  });
}

/** Seven requests: five of Alice (one paid to her friend), two of Bob, in several statuses. */
const requests = [
  request(0, { user: alice, recipient: alice, status: "success" }),
  request(1, { user: bob, recipient: bob, status: "success" }),
  request(2, { user: alice, recipient: aliceFriend, status: "refund" }),
  request(3, { user: alice, recipient: alice, status: "pending" }),
  request(4, { user: alice, recipient: alice, status: "success" }),
  request(5, { user: bob, recipient: bob, status: "waiting" }),
  request(6, { user: alice, recipient: alice, status: "success" }),
];
const idOf = (index: number) => (requests[index] as DevnetRequest).requestId;

function setup() {
  const store = createRequestStore({ onTransition: () => {}, log: () => {}, initial: requests });
  const context = {
    url: apiUrl,
    store,
    chains: apiChains(),
    currencies,
    solver,
    bitcoin: undefined,
    exchange: undefined,
    incidents: undefined,
  };
  const app = new Hono();
  registerStatusRoutes(app, context);
  registerSdkRoutes(app, context);
  registerErrorHandlers(app, { log: () => {} });
  const sent: URL[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    sent.push(new URL(input instanceof Request ? input.url : input));
    return app.fetch(new Request(input, init));
  };
  const client = createClient({ network: { baseUrl: apiUrl }, apiKey: "listing-key", fetch, retry: false });
  return { client, sent };
}

/** Every page of a listing, following `continuation`, with the query of each request sent. */
async function everyPage<query>(
  list: (query: query) => Promise<{ requests: { id: string }[]; continuation?: string | null | undefined }>,
  query: query,
) {
  const pages: Hex[][] = [];
  let continuation: string | undefined;
  do {
    const page = await list({ ...query, ...(continuation === undefined ? {} : { continuation }) });
    pages.push(page.requests.map(({ id }) => id as Hex));
    continuation = page.continuation ?? undefined;
  } while (continuation !== undefined && pages.length < 10);
  return pages;
}

test("default: v3 pages a user's requests newest first, each once, the last page without continuation", async () => {
  const { client, sent } = setup();
  const pages = await everyPage((query: RequestsRequest) => client.getRequests(query), {
    user: alice,
    limit: 2,
  });
  expect(pages).toEqual([[idOf(6), idOf(4)], [idOf(3), idOf(2)], [idOf(0)]]);
  // The filters go as written; every later page adds the cursor of the one before.
  expect(sent.map((url) => Object.fromEntries(url.searchParams))).toEqual([
    { user: alice, limit: "2" },
    { user: alice, limit: "2", continuation: expect.any(String) },
    { user: alice, limit: "2", continuation: expect.any(String) },
  ]);
  expect(sent.every((url) => url.pathname === "/requests/v3")).toBe(true);
});

test("v3: filters combine with AND, and a sort of the oldest first pages the other way", async () => {
  const { client } = setup();
  const successOnOrigin = await client.getRequests({ user: alice, status: "success", originChainId: 31337 });
  expect(successOnOrigin.requests.map(({ id }) => id)).toEqual([idOf(6), idOf(4), idOf(0)]);
  expect((await client.getRequests({ recipient: aliceFriend })).requests.map(({ id }) => id)).toEqual([
    idOf(2),
  ]);
  const oldestFirst = await everyPage((query: RequestsRequest) => client.getRequests(query), {
    user: bob,
    limit: 1,
    sortDirection: "asc",
  });
  expect(oldestFirst).toEqual([[idOf(1)], [idOf(5)]]);
});

test("v2: user is the sender or the recipient; pages follow continuation as v3's do", async () => {
  const { client, sent } = setup();
  const pages = await everyPage((query: RequestsV2Request) => client.getRequestsV2(query), {
    user: aliceFriend,
    limit: 1,
  });
  expect(pages).toEqual([[idOf(2)]]);
  const alicePages = await everyPage((query: RequestsV2Request) => client.getRequestsV2(query), {
    user: alice,
    limit: 3,
  });
  expect(alicePages).toEqual([
    [idOf(6), idOf(4), idOf(3)],
    [idOf(2), idOf(0)],
  ]);
  expect(sent.at(-1)?.pathname).toBe("/requests/v2");
  expect(sent.at(-1)?.searchParams.get("continuation")).toEqual(expect.any(String));
});

test("v2: id, chain and status filters, alone and together; v2's status names", async () => {
  const { client } = setup();
  expect((await client.getRequestsV2({ id: idOf(3) })).requests).toEqual([
    expect.objectContaining({ id: idOf(3), status: "pending", user: alice }),
  ]);
  const ids = async (query: RequestsV2Request) =>
    (await client.getRequestsV2(query)).requests.map(({ id }) => id);
  expect(await ids({ originChainId: 31338 })).toEqual([idOf(5), idOf(3), idOf(1)]);
  expect(await ids({ originChainId: 31338, status: "success" })).toEqual([idOf(1)]);
  expect(await ids({ user: bob, status: "refund" })).toEqual([]);
});

test("a filter the schema refuses is not sent: a limit over 50, a malformed id, an unknown status", async () => {
  const { client, sent } = setup();
  for (const [list, query, field] of [
    [client.getRequests, { limit: 51 }, "limit"],
    [client.getRequestsV2, { limit: 0 }, "limit"],
    [client.getRequestsV2, { id: "0x1234" }, "id"],
    [client.getRequestsV2, { status: "delayed" }, "status"],
  ] as const) {
    await expect((list as (query: unknown) => Promise<unknown>)(query)).rejects.toMatchObject({ field });
  }
  expect(sent).toEqual([]);
});
