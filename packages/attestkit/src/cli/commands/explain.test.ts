import { Hono } from "hono";
import { type Hex, parseEther } from "viem";
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { serveApp } from "../../../../../test/support/serveApp.js";
import { runDevnetScenario } from "../../../../devnet/src/cli/runDevnetScenario.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { runCli } from "../createProgram.js";
import type { ExplainReport } from "./runExplain.js";

let devnet: Devnet;
/** How far the devnet's solver clock runs ahead of the wall clock, ms (a test moves it, then puts it back). */
let clockAheadMs = 0;
beforeAll(async () => {
  devnet = await createDevnet({
    port: 0,
    indexIntervalMs: 20,
    log: () => {},
    now: () => Date.now() + clockAheadMs,
  });
});
afterAll(async () => {
  await devnet?.stop();
});

async function explain(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["--api", devnet.url, "explain", ...args], io);
  return { code, io };
}

const scenario = (name: string, account: number) =>
  runDevnetScenario({ devnet: devnet.url, scenario: name, account, intervalMs: 20 });

let successId: Hex;

test("--json on a finished request: exit 0, status, attestation valid, the deposit decoded", async () => {
  const { requestId } = await scenario("success", 1);
  successId = requestId;
  const { code, io } = await explain(requestId, "--json");
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  const report = io.json() as unknown as ExplainReport;
  expect(report.status.status).toBe("success");
  expect(report.consistent).toBe(true);
  expect(report.mismatches).toEqual([]);
  expect(report.history?.map((h) => h.status)).toEqual(["waiting", "pending", "submitted", "success"]);
  expect(report.attestation.valid).toBe(true);
  expect(report.attestation.v1.valid).toBe(true);
  expect(report.attestation.v2.valid).toBe(true);
  expect(report.attestation.v1.signer).toBe(devnet.info.solver.address);
  expect(report.attestation.v1.words.map((w) => w.name)).toContain("originAmount");
  expect(report.deposit.decoded).toMatchObject({
    event: "RelayNativeDeposit",
    amount: parseEther("0.01").toString(),
    currency: "0x0000000000000000000000000000000000000000",
    depositor: devnet.info.testAccounts[1]?.address,
  });
  // The quote's steps pay under the order id, which the order verifies.
  expect(report.deposit.decoded?.id).toBe(report.order?.orderId);
  expect(report.order?.verification.valid).toBe(true);
  expect(report.fills).toHaveLength(1);
  expect(report.fills[0]).toMatchObject({
    kind: "fill",
    status: "success",
    chainId: devnet.info.chains[1]?.chainId,
  });
  expect(report.fills[0]?.events[0]?.name).toBe("DevnetFill");
  expect(report.reason).toEqual({
    failReason: null,
    failReasonText: null,
    refundFailReason: null,
    refundFailReasonText: null,
  });
});

test("text: every part, the words of both tuples and CONSISTENT", async () => {
  const { code, io } = await explain(successId);
  expect(code).toBe(0);
  const text = io.stdout.join("\n");
  for (const part of [
    "history",
    "order",
    "attestation v1",
    "attestation v2",
    "deposit",
    "fill and refund transactions",
  ])
    expect(text).toContain(`\n${part}`);
  expect(text).toMatch(/originAmount\s+10000000000000000/);
  // Money in units, as quote writes it (the chain list's symbol and decimals), the exact amount after.
  const origin = devnet.info.chains[0]?.chainId;
  expect(text).toMatch(new RegExp(`^  in {20}0\\.01 ETH on ${origin} {2}\\[10000000000000000\\]$`, "m"));
  expect(text).toMatch(new RegExp(`^  amount {16}0\\.01 ETH on ${origin} {2}\\[10000000000000000\\]$`, "m"));
  expect(text).toMatch(/^ {2}out {19}0\.00\d+ ETH on \d+ {2}\[\d+\]$/m);
  expect(text).toContain("RelayNativeDeposit");
  expect(text).toContain("CONSISTENT");
  expect(text).not.toContain("MISMATCH");
});

test("a refunded request (TTL_EXPIRED): the reason in words, the refund transaction, consistent", async () => {
  const { requestId } = await scenario("ttl-expired", 2);
  const { code, io } = await explain(requestId, "--json");
  const report = io.json() as unknown as ExplainReport;
  expect(report.status.status).toBe("refund");
  expect(report.reason.failReason).toBe("TTL_EXPIRED");
  expect(report.reason.failReasonText).toMatch(/after the quote's deadline/);
  expect(report.history?.map((h) => h.status)).toEqual(["waiting", "pending", "refund"]);
  expect(report.fills[0]).toMatchObject({ kind: "refund", chainId: devnet.info.chains[0]?.chainId });
  expect(report.deposit.decoded?.id).toBe(requestId);
  expect(code).toBe(0);
});

test("a deposit one wei short, refunded for it: the amount's difference is shown as what the refund accounts for, not as a mismatch, exit 0", async () => {
  const { requestId } = await scenario("amount-too-low", 3);
  const { code, io } = await explain(requestId, "--json");
  expect(code).toBe(0);
  const report = io.json() as unknown as ExplainReport;
  expect(report.reason.failReason).toBe("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
  expect(report.attestation.valid).toBe(true);
  expect(report.mismatches).toEqual([]);
  expect(report.outcome).toBe("consistent");
  expect(report.fills.map((fill) => [fill.kind, fill.status])).toEqual([["refund", "success"]]);
  const amount = parseEther("0.01");
  const by = "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL";
  expect(report.explained).toEqual([
    {
      field: "deposit amount",
      against: "attestation v1 originAmount",
      expected: amount.toString(),
      actual: (amount - 1n).toString(),
      by,
    },
    {
      field: "deposit amount",
      against: "order input payment amount",
      expected: amount.toString(),
      actual: (amount - 1n).toString(),
      by,
    },
  ]);
  const text = await explain(requestId);
  expect(text.code).toBe(0);
  expect(text.io.stdout.join("\n")).toContain(
    `~~ EXPLAINED deposit amount: ${amount - 1n} on chain, ${amount} in attestation v1 originAmount; refunded for it (${by})`,
  );
});

test("a double-spent request: DOUBLE_SPEND in words, paid under the original request's id", async () => {
  const { requestId, status } = await scenario("double-spend", 4);
  expect(status.failReason).toBe("DOUBLE_SPEND");
  const { code, io } = await explain(requestId, "--json");
  const report = io.json() as unknown as ExplainReport;
  expect(report.reason.failReasonText).toMatch(/already paid this request/);
  const original = (report.status.details as { originalRequestId: Hex }).originalRequestId;
  expect(report.deposit.decoded?.id).toBe(original);
  expect(report.order).toBeNull();
  expect(report.mismatches).toEqual([]);
  expect(code).toBe(0);
});

test("a forged solver: the verdicts are invalid, exit 1", async () => {
  const { code, io } = await explain(
    successId,
    "--json",
    "--solver",
    "0x000000000000000000000000000000000000dEaD",
  );
  expect(code).toBe(1);
  const report = io.json() as unknown as ExplainReport;
  expect(report.attestation.v1).toMatchObject({ valid: false, reason: "signer-not-allowed" });
  expect(report.order?.verification).toMatchObject({ valid: false, reason: "signer-not-allowed" });
});

test("bad input is 2, an unknown request is 3; a dead RPC leaves the deposit not judged, named with its chain and URL: incomplete, 4", async () => {
  const short = await explain("0x1234");
  expect(short.code).toBe(2);
  expect(short.io.stderr[0]).toBe('error: REQUEST_ID "0x1234" must be 0x and 64 hex digits.');
  expect((await explain(successId, "--rpc", "31337")).code).toBe(2);
  expect((await explain(successId, "--rpc", "31337=ftp://x")).code).toBe(2);
  expect((await explain(successId, "--solver", "nope")).code).toBe(2);
  const unknown = await explain(`0x${"12".repeat(32)}`);
  expect(unknown.code).toBe(3);
  const chainId = devnet.info.chains[0]?.chainId;
  const dead = await explain(successId, "--rpc", `${chainId}=http://127.0.0.1:1/`);
  expect(dead.code).toBe(4);
  expect(dead.io.stderr).toEqual([]);
  const text = dead.io.stdout.join("\n");
  expect(text).toContain(`?? NOT JUDGED deposit: chain ${chainId}'s RPC at http://127.0.0.1:1/ failed: `);
  expect(text).toContain(`(check that URL, or pass another with --rpc ${chainId}=URL)`);
  expect(text).toMatch(/INCOMPLETE \(nothing disagrees, but the parts above were not judged\)$/);
  const json = await explain(successId, "--json", "--rpc", `${chainId}=http://127.0.0.1:1/`);
  const report = json.io.json() as unknown as ExplainReport;
  expect(report.outcome).toBe("incomplete");
  expect(report.incomplete).toEqual([
    expect.objectContaining({ part: "deposit", reason: "rpc-failed", chainId, url: "http://127.0.0.1:1/" }),
  ]);
  // The rest of the report is there: the attestations verified, the fill read.
  expect(report.attestation.valid).toBe(true);
  expect(report.fills[0]?.kind).toBe("fill");
});

test("a service that is not a devnet: no order, the deposit read with --rpc, and without it a note naming the flag", async () => {
  // The devnet's service endpoints only, as a live service offers them (no /devnet/*).
  const app = new Hono();
  app.all("*", async (c) => {
    if (c.req.path.startsWith("/devnet/")) return c.json({ message: "not found" }, 404);
    const url = new URL(c.req.url);
    const apiKey = c.req.header("x-api-key");
    const answer = await fetch(`${devnet.url}${url.pathname}${url.search}`, {
      method: c.req.method,
      headers: apiKey ? { "x-api-key": apiKey } : {},
    });
    // The status object need not repeat the request id: this service leaves it out.
    if (url.pathname === "/intents/status/v3" && answer.ok) {
      const { requestId: _omitted, ...status } = (await answer.json()) as Record<string, unknown>;
      return c.json(status);
    }
    return new Response(await answer.text(), { status: answer.status, headers: answer.headers });
  });
  const service = await serveApp(app);
  try {
    const origin = devnet.info.chains[0] as Devnet["info"]["chains"][number];
    const run = async (...args: string[]) => {
      const io = captureIo();
      const previous = process.env.ATTESTKIT_API_KEY;
      delete process.env.ATTESTKIT_API_KEY;
      const code = await runCli(
        [
          "--api",
          service.url,
          "explain",
          successId,
          "--json",
          "--solver",
          devnet.info.solver.address,
          ...args,
        ],
        io,
      ).finally(() => {
        if (previous !== undefined) process.env.ATTESTKIT_API_KEY = previous;
      });
      return { code, report: io.json() as unknown as ExplainReport };
    };
    const destination = devnet.info.chains[1] as Devnet["info"]["chains"][number];
    const bare = await run();
    expect(bare.code).toBe(4);
    expect(bare.report.outcome).toBe("incomplete");
    expect(bare.report.incomplete.map((part) => [part.part, part.reason])).toEqual([
      ["deposit", "no-rpc-url"],
      [`fill ${bare.report.fills[0]?.txHash}`, "no-rpc-url"],
    ]);
    expect(bare.report.devnet).toBe(false);
    expect(bare.report.order).toBeNull();
    expect(bare.report.history).toBeNull();
    expect(bare.report.deposit.note).toBe(`no RPC URL for chain ${origin.chainId}`);
    expect(bare.report.attestation.valid).toBe(true);
    const rpcs = [
      "--rpc",
      `${origin.chainId}=${origin.rpcUrl}`,
      "--rpc",
      `${destination.chainId}=${destination.rpcUrl}`,
    ];
    const withRpc = await run(...rpcs);
    expect(withRpc.code).toBe(0);
    expect(withRpc.report.deposit.decoded?.amount).toBe(parseEther("0.01").toString());
    // The steps paid under the order id, which this service's answers do not name: said, not flagged.
    expect(withRpc.report.mismatches).toEqual([]);
    expect(withRpc.report.deposit.note).toMatch(/is not the request id: an order id is not checked/);
    expect(withRpc.report.sources.note).toMatch(/needs an API key/);
    // With an API key, GET /requests/v3 names the order id: the deposit is tied to the request.
    const withKey = await run(...rpcs, "--api-key", "explain-key");
    expect(withKey.code).toBe(0);
    expect(withKey.report.requestV3?.id).toBe(successId);
    expect(withKey.report.requestV3?.protocol?.orderId).toBe(withKey.report.deposit.decoded?.id);
    expect(withKey.report.deposit.note).toBeUndefined();
    expect(withKey.report.mismatches).toEqual([]);
    // A deposit under the request id itself (a direct deposit), with the key: tied to the request by
    // the id asked about, which the status object here does not repeat.
    const { requestId: shortId } = await scenario("amount-too-low", 5);
    const io = captureIo();
    const args = ["explain", shortId, "--json", "--solver", devnet.info.solver.address, ...rpcs];
    expect(await runCli(["--api", service.url, "--api-key", "explain-key", ...args], io)).toBe(0);
    const short = io.json() as unknown as ExplainReport;
    expect(short.status.requestId).toBeUndefined();
    expect(short.deposit.decoded?.id).toBe(shortId);
    expect(short.mismatches).toEqual([]);
    expect(short.outcome).toBe("consistent");
  } finally {
    await service.close();
  }
});

test("a request still waiting: no deposit yet, said so, incomplete (4), nothing inconsistent", async () => {
  const quote = await fetch(`${devnet.url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      user: devnet.info.testAccounts[6]?.address,
      originChainId: devnet.info.chains[0]?.chainId,
      destinationChainId: devnet.info.chains[1]?.chainId,
      originCurrency: "0x0000000000000000000000000000000000000000",
      destinationCurrency: "0x0000000000000000000000000000000000000000",
      amount: "1000000000000000",
      tradeType: "EXACT_INPUT",
    }),
  }).then((response) => response.json() as Promise<{ requestId: Hex }>);
  const { code, io } = await explain(quote.requestId, "--json");
  expect(code).toBe(4);
  const report = io.json() as unknown as ExplainReport;
  expect(report.outcome).toBe("incomplete");
  expect(report.mismatches).toEqual([]);
  expect(report.incomplete.map((part) => [part.part, part.reason])).toEqual([["deposit", "no-deposit-yet"]]);
  expect(report.status.status).toBe("waiting");
  expect(report.history?.map((h) => h.status)).toEqual(["waiting"]);
  expect(report.deposit).toMatchObject({
    txHash: null,
    decoded: null,
    note: "no deposit yet (inTxHashes is empty)",
  });
  expect(report.fills).toEqual([]);
  expect(report.order?.verification.valid).toBe(true);
});

test.each([
  ["success", "consistent", 0],
  ["bitcoin-mempool-success", "incomplete", 4],
  ["amount-too-low", "consistent", 0],
] as const)(
  "%s: the dashboard's data carries explain's reading (outcome %s, exit %i): the same mismatches, parts not judged and verdicts",
  async (name, outcome, exitCode) => {
    const { requestId } = await scenario(name, 3);
    const { code, io } = await explain(requestId, "--json");
    const report = io.json() as unknown as ExplainReport;
    expect([report.outcome, code]).toEqual([outcome, exitCode]);
    const inspected = (await fetch(`${devnet.url}/devnet/requests/${requestId}`).then((r) => r.json())) as {
      reading: Pick<ExplainReport, "outcome" | "mismatches" | "incomplete">;
      verdicts: { attestationV1: { valid: boolean } | null; attestationV2: { valid: boolean } | null };
    };
    expect(inspected.reading).toMatchObject({
      outcome: report.outcome,
      mismatches: report.mismatches,
      explained: report.explained,
      incomplete: report.incomplete.map(({ url: _url, ...part }) => part),
    });
    expect(inspected.verdicts.attestationV1?.valid).toBe(report.attestation.v1.valid);
    expect(inspected.verdicts.attestationV2?.valid).toBe(report.attestation.v2.valid);
    // The devnet's Bitcoin and exchange words follow its published rule: its attestations verify.
    expect(report.attestation.valid).toBe(true);
  },
);

test("an unpaid quote past its deadline: still waiting, marked expired with when, as the dashboard shows it", async () => {
  const [origin, destination] = devnet.info.chains;
  const response = await fetch(`${devnet.url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      user: devnet.info.testAccounts[4]?.address,
      originChainId: origin?.chainId,
      destinationChainId: destination?.chainId,
      originCurrency: "0x0000000000000000000000000000000000000000",
      destinationCurrency: "0x0000000000000000000000000000000000000000",
      amount: "1000000000000000",
      tradeType: "EXACT_INPUT",
    }),
  });
  const { requestId } = (await response.json()) as { requestId: Hex };
  const open = (await explain(requestId, "--json")).io.json() as unknown as ExplainReport;
  expect(open.request?.expiredAt).toBeNull();
  expect((await explain(requestId)).io.stdout.join("\n")).not.toContain("expired");

  clockAheadMs = 86_400_000;
  try {
    const { code, io: out } = await explain(requestId);
    const text = out.stdout.join("\n");
    const inspected = (await fetch(`${devnet.url}/devnet/requests/${requestId}`).then((r) => r.json())) as {
      expiredAt: number;
      status: string;
    };
    expect(inspected.status).toBe("waiting");
    expect(code).toBe(4);
    expect(text).toMatch(/status\s+waiting \(quote expired\)/);
    expect(text).toContain(
      `  expired               ${new Date(inspected.expiredAt).toISOString()} (unpaid at the quote's deadline: a deposit now is refunded, TTL_EXPIRED)`,
    );
  } finally {
    clockAheadMs = 0;
  }
});
