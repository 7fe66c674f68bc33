import { expect, test } from "vitest";
import { loadFixture, user } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError, InvalidResponseError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { getAppFeeClaims } from "./getAppFeeClaims.js";

// GET /app-fees/{wallet}/claims: the answers here are the recorded shape of the official SDK's API
// types (test/support/fixtures/app-fee-claims.json), through the test server's in-memory fetch;
// against the devnet's claims history: packages/devnet/test/appFeeClaims.test.ts.
const server = useTestServer();
const client = () =>
  createBaseClient({ network: { baseUrl: server.url }, fetch: server.fetch, retry: false });
const path = `/app-fees/${user}/claims`;

test("default: the wallet in the path, limit and continuation in the query; every claim kept", async () => {
  server.on("GET", path, { body: loadFixture("app-fee-claims.json") });
  const page = await getAppFeeClaims(client(), { wallet: user, limit: 2, continuation: "cursor-1" });
  expect(server.requests[0]).toMatchObject({
    method: "GET",
    path,
    query: { limit: "2", continuation: "cursor-1" },
  });
  expect(page.claims.map((claim) => [claim.status, claim.txHash])).toEqual([
    ["success", "0x8b7a69584736251403f2e1d0c9b8a79685746352413f2e1d0c9b8a7968574635"],
    // A status the types do not list, an unpaid claim (null hash and currency), an unknown field: kept.
    ["queued-for-settlement", null],
  ]);
  expect(page.claims[0]?.currency?.currency?.symbol).toBe("USDC");
  expect(page.claims[1]).toMatchObject({ currency: null, attempts: 2 });
  expect(page.continuation).toBe("eyJjcmVhdGVkQXQiOiIyMDI2LTA1LTEyVDA5OjMwOjExLjAwMFoifQ");
});

test("pages: the continuation of one answer fetches the next, the last has none", async () => {
  const [first, second] = loadFixture("app-fee-claims.json").claims;
  server.on("GET", path, { body: { claims: [first], continuation: "next" } }, { body: { claims: [second] } });
  const seen: unknown[] = [];
  let continuation: string | undefined;
  do {
    const page = await getAppFeeClaims(client(), {
      wallet: user,
      limit: 1,
      ...(continuation ? { continuation } : {}),
    });
    seen.push(...page.claims.map((claim) => claim.claimId));
    continuation = page.continuation ?? undefined;
  } while (continuation);
  expect(seen).toEqual([first.claimId, second.claimId]);
  expect(server.requests.map((request) => request.query)).toEqual([
    { limit: "1" },
    { limit: "1", continuation: "next" },
  ]);
});

test.each([
  ["a wallet that is not one path segment", { wallet: `${user}/../balances` }, "wallet", "pattern"],
  ["a limit of 0", { wallet: user, limit: 0 }, "limit", "min"],
  ["an empty continuation", { wallet: user, continuation: "" }, "continuation", "required"],
])("%s is refused before sending, naming the field", async (_, parameters, field, rule) => {
  const error = await getAppFeeClaims(client(), parameters as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ endpoint: "appFeeClaims", field, rule });
  expect(server.requests).toHaveLength(0);
});

test("a malformed answer is an InvalidResponseError", async () => {
  server.on("GET", path, { body: { claims: { claimId: "0x1" } } });
  const error = await getAppFeeClaims(client(), { wallet: user }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidResponseError);
  expect(error).toMatchObject({ endpoint: "appFeeClaims", issues: [{ path: "claims" }] });
});
