// POST /devnet/history: a history of settled requests added at once, listed by GET /requests/v3 and v2
// with continuation and the filters a collection uses, and attested by the devnet's solver for real.
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { verifyAttestation } from "../../attestkit/src/attestation/verifyAttestation.js";
import { getAttestation } from "../../attestkit/src/client/actions/getAttestation.js";
import { getRequests } from "../../attestkit/src/client/actions/getRequests.js";
import { getRequestsV2 } from "../../attestkit/src/client/actions/getRequestsV2.js";
import { createBaseClient } from "../../attestkit/src/client/createBaseClient.js";

const { devnet } = useDevnet();
const user = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const endAt = Date.UTC(2025, 0, 1);

async function fill(body: unknown) {
  const response = await fetch(`${devnet().url}/devnet/history`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const client = (apiKey = "history-key") =>
  createBaseClient({ network: { baseUrl: devnet().url }, apiKey, retry: false });

test("default: N settled requests at once, listed page by page with continuation, no webhook sent", async () => {
  const { status, body } = await fill({ count: 120, apiKey: "history-key", referrer: "app-h", endAt });
  expect(status).toBe(201);
  expect(body).toMatchObject({ added: 120, from: endAt - 119_000, to: endAt });
  const ids: string[] = [];
  let continuation: string | undefined;
  let total: unknown;
  do {
    const page = await getRequests(client(), {
      limit: 50,
      ...(continuation ? { continuation } : { includeTotal: true }),
    });
    total ??= page.total;
    for (const request of page.requests) {
      expect(request.status).toBe("success");
      ids.push(request.id);
    }
    continuation = page.continuation ?? undefined;
  } while (continuation);
  expect(total).toBe(120);
  expect(ids).toHaveLength(120);
  expect(new Set(ids).size).toBe(120);
  // Newest first.
  expect(ids[0]).toBe(body.last);
  expect(ids.at(-1)).toBe(body.first);
  expect(devnet().webhookDeliveries()).toEqual([]);
  // The status endpoint and the devnet's own inspection read them like any request.
  const statusAnswer = await fetch(`${devnet().url}/intents/status/v3?requestId=${body.last}`);
  expect(await statusAnswer.json()).toMatchObject({ status: "success", inTxHashes: [], txHashes: [] });
  const inspected = await fetch(`${devnet().url}/devnet/requests/${body.last}`);
  expect(inspected.status).toBe(200);
  expect(await inspected.json()).toMatchObject({ status: "success", deposit: null });
});

test("each request's attestations, v1 and v2, are signed by the devnet's solver", async () => {
  const { body } = await fill({ count: 3, seed: "signed", user, endAt });
  const solvers = [devnet().info.solver.address];
  for (const version of ["v1", "v2"] as const) {
    const requestId = body.last as string;
    const record = await getAttestation(client(), { requestId, version });
    expect(record.requestData.originUser.toLowerCase()).toBe(user);
    const verdict = await verifyAttestation({
      requestId,
      requestData: record.requestData as Parameters<typeof verifyAttestation>[0]["requestData"],
      signature: record.signature,
      version,
      solvers,
    });
    expect(verdict).toMatchObject({ valid: true });
  }
});

test("the filters a collection uses: user, referrer (with the caller's own key), time range; v2 too", async () => {
  await fill({
    count: 20,
    seed: "filtered",
    user,
    apiKey: "filter-key",
    referrer: "app-f",
    endAt: endAt - 3_600_000,
  });
  const byUser = await getRequests(client(), { user, limit: 50, includeTotal: true });
  expect(byUser.total).toBe(23);
  const byReferrer = await getRequests(client("filter-key"), {
    referrer: "app-f",
    apiKey: "filter-key",
    limit: 50,
  });
  expect(byReferrer.requests).toHaveLength(20);
  // The 20 filtered requests were created in the 20 s up to an hour before endAt, a second apart.
  const start = Math.floor((endAt - 3_600_000 - 9_000) / 1000);
  const inRange = await getRequests(client(), {
    user,
    startTimestamp: start,
    endTimestamp: start + 100,
    limit: 50,
  });
  expect(inRange.requests).toHaveLength(10);
  const v2 = await getRequestsV2(createBaseClient({ network: { baseUrl: devnet().url }, retry: false }), {
    user,
    limit: 10,
  });
  expect(v2.requests).toHaveLength(10);
  expect(v2.continuation).toEqual(expect.any(String));
});

test("the same seed adds nothing again; a body of another shape is 400", async () => {
  expect((await fill({ count: 5, seed: "again", endAt })).body.added).toBe(5);
  expect((await fill({ count: 5, seed: "again", endAt })).body.added).toBe(0);
  for (const body of [
    {},
    { count: 0 },
    { count: 100_001 },
    { count: 1, user: "0x12" },
    { count: 1, other: 1 },
  ]) {
    const { status, body: answer } = await fill(body);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(answer).toMatchObject({ errorCode: "INVALID_REQUEST" });
  }
});
