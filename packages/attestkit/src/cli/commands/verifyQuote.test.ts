import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { createTestServer, type TestServer } from "../../../../../test/support/testServer.js";
import { runCli } from "../createProgram.js";

const vectors = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/vectors/${name}`, import.meta.url));
const quotePath = vectors("live-quote.json");
const chainsPath = vectors("order-chains.json");
const live = () => JSON.parse(readFileSync(quotePath, "utf8"));
const dir = makeTempDir("quote");
let n = 0;
function write(content: unknown): string {
  const path = join(dir, `q${n++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

async function verify(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["verify", ...args], io);
  const last = io.stdout.at(-1);
  return {
    code,
    io,
    last: last?.startsWith("{") ? (JSON.parse(last) as Record<string, unknown>) : undefined,
  };
}

test("default: the live quote is valid, exit 0; the JSON's last line names the order and the solver", async () => {
  const { code, last } = await verify("--quote", quotePath, "--chains", chainsPath, "--json");
  expect(code).toBe(0);
  expect(last).toMatchObject({
    valid: true,
    orderId: "0xeada616bb1b545930e24ee16b7cc9377ea7078d419f1a3b2f4528cee82224e11",
    givenOrderId: "0xeada616bb1b545930e24ee16b7cc9377ea7078d419f1a3b2f4528cee82224e11",
    signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
    digest: "0x105e3d69caacb34d19bf385b7a996feec98129616557962217e827b1b205f763",
    expectedSigners: ["0xf70da97812cb96acdf810712aa562db8dfa3dbef"],
  });
  expect(last?.structHashes).toHaveLength(7);
  expect(last?.checks).toEqual([
    expect.objectContaining({ name: "orderId", ok: true }),
    { name: "signature", ok: true },
    expect.objectContaining({ name: "signer", ok: true }),
    { name: "paymentDetails", ok: true },
    { name: "depository", ok: true },
  ]);
});

test("human output: each struct hash, the id, the digest, the signer and every check", async () => {
  const { code, io } = await verify("--quote", quotePath, "--chains", chainsPath);
  expect(code).toBe(0);
  const text = io.stdout.join("\n");
  for (const needle of [
    "struct       0x97990a2259f550e25b8a2a10fce787fc3462ca8e682a3cfcacd5dc1681050e63   InputPayment orderData.inputs[0].payment",
    "orderId      0xeada616bb1b545930e24ee16b7cc9377ea7078d419f1a3b2f4528cee82224e11",
    "digest       0x105e3d69caacb34d19bf385b7a996feec98129616557962217e827b1b205f763",
    "signer       0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
    "check        orderId         ok",
    "check        paymentDetails  ok",
    "check        depository      ok",
    "verdict      VALID",
  ])
    expect(text).toContain(needle);
});

test("the protocol.v2 object alone is accepted", async () => {
  const { code } = await verify("--quote", write(live().protocol.v2), "--chains", chainsPath);
  expect(code).toBe(0);
});

describe("any one field changed: invalid, exit 1", () => {
  // biome-ignore lint/suspicious/noExplicitAny: each case writes one field deep inside the JSON.
  type V2 = Record<string, any>;
  const cases: [string, (v2: V2) => void, string][] = [
    [
      "the input amount in orderData",
      (v2) => (v2.orderData.inputs[0].payment.amount = "874803905765356"),
      "orderId-mismatch",
    ],
    [
      "an output minimum in orderData",
      (v2) => (v2.orderData.output.payments[0].minimumAmount = "1"),
      "orderId-mismatch",
    ],
    [
      "an output recipient in orderData",
      (v2) => (v2.orderData.output.payments[0].recipient = `0x${"11".repeat(20)}`),
      "orderId-mismatch",
    ],
    [
      "a refund deadline in orderData",
      (v2) => (v2.orderData.inputs[0].refunds[1].deadline += 1),
      "orderId-mismatch",
    ],
    ["paymentDetails.amount", (v2) => (v2.paymentDetails.amount = "874803905765356"), "amount-mismatch"],
    [
      "paymentDetails.currency",
      (v2) => (v2.paymentDetails.currency = `0x${"22".repeat(20)}`),
      "currency-mismatch",
    ],
    [
      "paymentDetails.depository",
      (v2) => (v2.paymentDetails.depository = "0x59916da825d2d2ec1bf878d71c88826f6633ecca"),
      "depository-mismatch",
    ],
    ["the given orderId", (v2) => (v2.orderId = `0x${"00".repeat(32)}`), "orderId-mismatch"],
    [
      "a byte of the signature's s",
      (v2) => (v2.orderSignature = `${v2.orderSignature.slice(0, 100)}00${v2.orderSignature.slice(102)}`),
      "signer-not-allowed",
    ],
  ];
  test.each(cases)("%s", async (_, change, reason) => {
    const quote = live();
    change(quote.protocol.v2);
    const { code, last } = await verify("--quote", write(quote), "--chains", chainsPath, "--json");
    expect(code).toBe(1);
    expect(last).toMatchObject({ valid: false, reason });
  });
  test("another solver set", async () => {
    const { code, last } = await verify(
      "--quote",
      quotePath,
      "--chains",
      chainsPath,
      "--solver",
      "0x0000000000000000000000000000000000000001",
      "--json",
    );
    expect(code).toBe(1);
    expect(last).toMatchObject({ valid: false, reason: "signer-not-allowed" });
  });
  test("the human output says which check failed and why", async () => {
    const quote = live();
    quote.protocol.v2.paymentDetails.amount = "1";
    const { code, io } = await verify("--quote", write(quote), "--chains", chainsPath);
    expect(code).toBe(1);
    expect(io.stdout.join("\n")).toContain(
      "check        paymentDetails  FAIL amount-mismatch: expected 874803905765355, got 1",
    );
    expect(io.stdout.at(-1)).toBe("verdict      INVALID (amount-mismatch)");
  });
});

describe("bad input: exit 2 with a JSON error line", () => {
  const noRobinhood = () => {
    const chains = JSON.parse(readFileSync(chainsPath, "utf8"));
    chains.chains = chains.chains.filter((c: { name: string }) => c.name !== "robinhood");
    return write(chains);
  };
  test.each([
    ["a missing file", () => ["--quote", join(dir, "nope.json"), "--chains", chainsPath], "CliError"],
    ["a file that is not JSON", () => ["--quote", write("{"), "--chains", chainsPath], "CliError"],
    [
      "a quote without protocol.v2",
      () => ["--quote", write({ steps: [] }), "--chains", chainsPath],
      "MissingOrderError",
    ],
    [
      "a quote without its signature",
      () => [
        "--quote",
        write({ ...live(), protocol: { v2: { ...live().protocol.v2, orderSignature: null } } }),
        "--chains",
        chainsPath,
      ],
      "MissingOrderFieldError",
    ],
    [
      "a chain the chains file does not list",
      () => ["--quote", quotePath, "--chains", noRobinhood()],
      "UnknownOrderChainError",
    ],
    [
      "a malformed chains file",
      () => ["--quote", quotePath, "--chains", write({ chains: "base" })],
      "InvalidOrderFieldError",
    ],
    [
      "an unknown legacy Bitcoin choice",
      () => ["--quote", quotePath, "--chains", chainsPath, "--legacy-bitcoin", "maybe"],
      "CliError",
    ],
  ])("%s", async (_, args, name) => {
    const { code, last, io } = await verify(...args(), "--json");
    expect(code).toBe(2);
    expect(last).toMatchObject({ valid: false, orderId: null, signer: null, error: { name } });
    expect(io.stderr.join("\n")).toMatch(/^error: /);
  });
});

describe("chains from the service", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  test("without --chains, GET /chains on --api", async () => {
    server.on("GET", "/chains", { body: JSON.parse(readFileSync(chainsPath, "utf8")) });
    const { code } = await verify("--quote", quotePath, "--api", server.url);
    expect(code).toBe(0);
    expect(server.requestsTo("GET", "/chains")).toHaveLength(1);
  });

  test("the service failing is exit 3", async () => {
    server.on("GET", "/chains", { status: 404, body: { message: "not here", errorCode: "NOT_FOUND" } });
    const { code } = await verify("--quote", quotePath, "--api", server.url, "--json");
    expect(code).toBe(3);
  });
});

describe("--legacy-bitcoin: how an order's legacy Bitcoin address is encoded", () => {
  /** A signed order of the shared vectors whose output recipient is a legacy P2PKH address (`1...`). */
  const legacyOrder = () => {
    const { vectors: orders } = JSON.parse(readFileSync(vectors("orders.json"), "utf8")) as {
      vectors: {
        name: string;
        orderId: string;
        orderData: unknown;
        orderSignature: string;
        paymentDetails: unknown;
      }[];
    };
    const signed = orders.find((order) => order.name === "signed-v1-bitcoin-legacy-ff-prefixed");
    expect(signed).toBeDefined();
    return write({
      orderId: signed?.orderId,
      orderData: signed?.orderData,
      orderSignature: signed?.orderSignature,
      paymentDetails: signed?.paymentDetails,
    });
  };
  const solver = ["--solver", "0xd17a608dd47b1498fe43fa478bcd269a1c02ff98"];

  test("ff-prefixed: the encoding this order was signed with, valid", async () => {
    const { code, last } = await verify(
      "--quote",
      legacyOrder(),
      "--chains",
      chainsPath,
      ...solver,
      "--legacy-bitcoin",
      "ff-prefixed",
      "--json",
    );
    expect(code).toBe(0);
    expect(last).toMatchObject({
      valid: true,
      orderId: "0x26a364c40f51a5962381f2a2e9262df856a313466a1cb1d14f7c42ff608a3dd4",
    });
  });

  test("unprefixed: another order id than the one signed, invalid (exit 1)", async () => {
    const { code, last } = await verify(
      "--quote",
      legacyOrder(),
      "--chains",
      chainsPath,
      ...solver,
      "--legacy-bitcoin",
      "unprefixed",
      "--json",
    );
    expect(code).toBe(1);
    expect(last).toMatchObject({
      valid: false,
      orderId: "0xf6374a8cefabc406645c51a6366305d3fc8defe05875d1bcae17dc841cb6bd79",
      givenOrderId: "0x26a364c40f51a5962381f2a2e9262df856a313466a1cb1d14f7c42ff608a3dd4",
    });
  });

  test("without it, the ambiguous address is bad input (exit 2), never guessed", async () => {
    const { code, last } = await verify(
      "--quote",
      legacyOrder(),
      "--chains",
      chainsPath,
      ...solver,
      "--json",
    );
    expect(code).toBe(2);
    expect(last).toMatchObject({
      valid: false,
      orderId: null,
      error: { name: "LegacyBitcoinEncodingRequiredError", field: "orderData.output.payments[0].recipient" },
    });
  });
});
