import { expect, test } from "vitest";
import { createBaseClient } from "../client/createBaseClient.js";
import { CollectListingLoopError } from "./errors.js";
import { listRequestPages } from "./listRequestPages.js";

/** A client whose service answers every listing with `pages[i]` in turn; the paths it was asked. */
function listing(pages: unknown[]) {
  const paths: string[] = [];
  const client = createBaseClient({
    network: { baseUrl: "http://127.0.0.1:1" },
    apiKey: "key",
    fetch: async (input) => {
      const url = new URL(String(input));
      paths.push(`${url.pathname}${url.search}`);
      return new Response(JSON.stringify(pages[paths.length - 1] ?? { requests: [] }), {
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, paths };
}

const page = (ids: string[], continuation?: string, total?: number) => ({
  requests: ids.map((id) => ({ id, status: "success" })),
  ...(continuation ? { continuation } : {}),
  ...(total !== undefined ? { total } : {}),
});

test("default: pages in order, the total from the first, continuation followed until a page has none", async () => {
  const { client, paths } = listing([page(["a", "b"], "c1", 3), page(["c"], "c2"), page([])]);
  const seen = [];
  for await (const next of listRequestPages(client, {
    listing: "v3",
    filters: { user: "0xabc", referrer: undefined },
    pageSize: 2,
    fetchPage: (_, send) => send(),
  }))
    seen.push(next);
  expect(seen).toEqual([{ ids: ["a", "b"], total: 3 }, { ids: ["c"] }, { ids: [] }]);
  expect(paths).toEqual([
    "/requests/v3?user=0xabc&limit=2&includeTotal=true",
    "/requests/v3?user=0xabc&limit=2&continuation=c1",
    "/requests/v3?user=0xabc&limit=2&continuation=c2",
  ]);
});

test("v2: the public listing, no total asked for", async () => {
  const { client, paths } = listing([page(["a"])]);
  for await (const _ of listRequestPages(client, {
    listing: "v2",
    filters: {},
    pageSize: 50,
    fetchPage: (_request, send) => send(),
  }));
  expect(paths).toEqual(["/requests/v2?limit=50"]);
});

test("a continuation handed back unchanged is a CollectListingLoopError, not a loop without end", async () => {
  const { client } = listing([page(["a"], "same"), page(["b"], "same")]);
  const pages = listRequestPages(client, {
    listing: "v3",
    filters: {},
    pageSize: 50,
    fetchPage: (_, send) => send(),
  });
  await pages.next();
  await pages.next();
  await expect(pages.next()).rejects.toBeInstanceOf(CollectListingLoopError);
});

test("each page goes through fetchPage, named for errors", async () => {
  const { client } = listing([page(["a"])]);
  const named: string[] = [];
  for await (const _ of listRequestPages(client, {
    listing: "v3",
    filters: {},
    pageSize: 50,
    fetchPage: (request, send) => {
      named.push(request);
      return send();
    },
  }));
  expect(named).toEqual(["GET /requests/v3"]);
});
