// Strings a service, a file or a webhook sender chose reach the terminal of every command: written
// raw, their escape sequences draw a fake "success" over a real failure, retitle the window or write
// the clipboard (OSC 52). Each command runs here against a hostile service or file through the
// process's own kind of Io (`createTerminalIo`), and what reaches the terminal must hold no control
// character but the line ends, and no forged line; --json keeps the exact values.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  chainsAnswer,
  depositStep,
  liveQuote,
  quoteResponse,
  testAddress,
  testKey,
} from "../../../../test/support/fixtures.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { createTestServer, type TestServer } from "../../../../test/support/testServer.js";
import { generateTestWebhook } from "../webhooks/generateTestWebhook.js";
import { runWebhooksListen, type WebhooksListenReady } from "./commands/runWebhooksListen.js";
import { runCli } from "./createProgram.js";
import { createTerminalIo } from "./io.js";

/**
 * A one-byte CSI (C1) and a fake "success" drawn over the line above (cursor up, erase, carriage
 * return), a right-to-left override, a window title, a clipboard write, NEL and LINE SEPARATOR, a
 * tab and a new line that starts a forged verdict. The C1 and bidi controls come first: an error
 * that quotes the value as JSON (which escapes C0 only) and cuts it still carries them.
 */
const hostile =
  "TTL_EXPIRED\u009b1A\u202e\u001b[1A\u001b[2K\rstatus              success\u001b]0;owned\u0007" +
  "\u001b]52;c;cm0gLXJmIH4=\u0007\u0085\u2028\t\nverdict      VALID";

/** What a terminal would act on: any C0 control but the line end, DEL, C1, bidi controls, separators. */
const terminalControls =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

const requestId = `0x${"ab".repeat(32)}`;
/** The flags of a valid quote request. */
const intent = () => [
  "--user",
  testAddress,
  "--origin-chain-id",
  "1",
  "--destination-chain-id",
  "8453",
  "--origin-currency",
  testAddress,
  "--destination-currency",
  testAddress,
  "--amount",
  "1",
];
const dir = makeTempDir("hostile-output");
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};

/**
 * A terminal: everything written to standard output and standard error, as bytes would arrive.
 * Colours are off unless `env` turns them on, whatever the environment of the test run.
 */
function terminal(env: Record<string, string> = {}) {
  let written = "";
  const stream = { write: (text: string) => (written += text) };
  return { io: createTerminalIo({ stdout: stream, stderr: stream, env }), text: () => written };
}

async function run(argv: string[]) {
  const { io, text } = terminal();
  const code = await runCli(argv, io);
  return { code, text: text() };
}

/** The terminal shows the hostile text escaped: no control character, no line of its own. */
function expectInert(text: string) {
  expect(text).not.toMatch(terminalControls);
  const lines = text.split("\n");
  expect(lines.filter((line) => /^\s*verdict {6}VALID/.test(line))).toEqual([]);
  expect(lines.filter((line) => /^status {14}success/.test(line))).toEqual([]);
}

let service: TestServer;
/** A hostile server that poses as a devnet. */
let devnet: TestServer;
beforeAll(async () => {
  service = await createTestServer();
  devnet = await createTestServer();
  const status = {
    status: "refund",
    inTxHashes: ["0xaaaa"],
    txHashes: [],
    updatedAt: 1732243200000,
    originChainId: 1,
    destinationChainId: 8453,
    details: { note: hostile },
    failReason: hostile,
    refundFailReason: hostile,
    referrer: hostile,
  };
  service.on("GET", "/intents/status/v3", { body: status });
  const hostileStep = { ...depositStep({ from: testAddress }), description: hostile };
  const quote = quoteResponse([hostileStep]);
  quote.details.currencyIn.currency.symbol = hostile;
  quote.details.operation = hostile;
  service.on("POST", "/quote/v2", { body: quote });
  service.on("GET", `/requests/${requestId}/signature`, {
    body: {
      requestData: {
        originChainId: 1,
        originUser: hostile,
        originCurrency: hostile,
        originAmount: "1",
        destinationChainId: 8453,
        destinationUser: testAddress,
        destinationCurrency: testAddress,
      },
      signature: `0x${"11".repeat(65)}`,
    },
  });
  service.on("GET", `/requests/${requestId}/signature/v2`, { status: 404, body: { message: hostile } });
  service.on("GET", "/requests/v3", { status: 500, body: { message: hostile } });
  service.on("POST", "/devnet/webhooks/endpoints", { status: 201, body: { endpoint: {} } });
  service.on("POST", "/devnet/webhooks/evt_1/replay", {
    status: 409,
    body: { message: hostile, code: "DELIVERY_NOT_FAILED" },
  });
});
afterAll(async () => {
  await service?.close();
  await devnet?.close();
});

test("default: a failReason, refundFailReason and referrer that draw a fake success are shown escaped", async () => {
  const { code, text } = await run(["--api", service.url, "status", requestId]);
  expect(code).toBe(0);
  expectInert(text);
  expect(text).toContain(
    "failReason          TTL_EXPIRED\\u009b1A\\u202e\\u001b[1A\\u001b[2K\\rstatus              success",
  );
  expect(text).toContain("\\u001b]0;owned\\u0007\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u0085\\u2028\\t\\nverdict");
  expect(text).toMatch(/^referrer {12}TTL_EXPIRED\\u009b/m);
});

test("--json keeps the exact strings", async () => {
  const { code, text } = await run(["--api", service.url, "status", requestId, "--json"]);
  expect(code).toBe(0);
  expect(text).not.toMatch(terminalControls);
  const status = JSON.parse(text) as Record<string, unknown>;
  expect(status).toMatchObject({ failReason: hostile, refundFailReason: hostile, referrer: hostile });
  const quote = await run(["--api", service.url, "quote", ...intent(), "--json"]);
  expect(quote.text).not.toMatch(terminalControls);
  expect(JSON.parse(quote.text).steps[0].description).toBe(hostile);
});

describe("with colours on (FORCE_COLOR)", () => {
  /** The CLI's own colour codes: green, red, yellow, and the end of a colour. */
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape sequences is its purpose.
  const colours = /\u001b\[(?:3[123]|39)m/g;

  test("the only escape sequences are the CLI's colours, each around a word the CLI chose", async () => {
    const { io, text } = terminal({ FORCE_COLOR: "1" });
    expect(await runCli(["--api", service.url, "status", requestId], io)).toBe(0);
    expect(await runCli(["--api", service.url, "status", requestId, "--watch", "--interval", "1"], io)).toBe(
      1,
    );
    // The service's refund is coloured; its hostile failReason, refundFailReason and referrer are not.
    expect(text()).toContain("status              \u001b[33mrefund\u001b[39m");
    expectInert(text().replace(colours, ""));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape sequences is its purpose.
    const spans = [...text().matchAll(/\u001b\[3[123]m([^\u001b]*)\u001b\[39m/g)].map(([, word]) => word);
    expect(new Set(spans)).toEqual(new Set(["refund"]));
    expect(text().match(colours)).toHaveLength(2 * spans.length);
  });

  test("a status that colours itself is not a known status: shown escaped and uncoloured", async () => {
    const server = await createTestServer();
    try {
      server.on("GET", "/intents/status/v3", {
        body: { status: "\u001b[32msuccess\u001b[39m", inTxHashes: [], txHashes: [], failReason: hostile },
      });
      const { io, text } = terminal({ FORCE_COLOR: "1" });
      expect(await runCli(["--api", server.url, "status", requestId], io)).toBe(0);
      expect(text()).not.toMatch(colours);
      expectInert(text());
      expect(text()).toContain("status              \\u001b[32msuccess\\u001b[39m");
    } finally {
      await server.close();
    }
  });
});

describe("every command's human output", () => {
  test.each([
    ["status --watch", () => ["--api", service.url, "status", requestId, "--watch", "--interval", "1"], 1],
    ["quote", () => ["--api", service.url, "quote", ...intent()], 0],
    ["verify REQUEST_ID", () => ["--api", service.url, "verify", requestId], 2],
    [
      "verify --file",
      () => [
        "verify",
        "-f",
        file("attestation.json", {
          requestId,
          requestData: { originChainId: hostile, originUser: hostile },
          signature: hostile,
        }),
      ],
      2,
    ],
    [
      "verify --quote",
      () => {
        const quote = liveQuote();
        quote.protocol.v2.orderData.solver = hostile;
        return [
          "verify",
          "--quote",
          file("quote.json", quote),
          "--chains",
          file("chains.json", chainsAnswer),
        ];
      },
      2,
    ],
    [
      "encode",
      () => [
        "encode",
        "-f",
        file("encode.json", { requestId: hostile, requestData: { originUser: hostile } }),
      ],
      2,
    ],
    // Its attestations are unknown (404): the report goes on to the status and its reasons.
    ["explain", () => ["--api", service.url, "explain", `0x${"cd".repeat(32)}`], undefined],
    [
      "execute",
      () => [
        "--api",
        service.url,
        "execute",
        "--quote-file",
        file(
          "execute.json",
          quoteResponse([{ ...depositStep({ from: testAddress }), description: hostile }]),
        ),
        "--no-verify",
        "--private-key",
        testKey,
      ],
      2,
    ],
    [
      "audit",
      () => [
        "audit",
        file(
          "audit.jsonl",
          `${JSON.stringify({ requestId: hostile, requestData: { originUser: hostile } })}\n`,
        ),
        "--workers",
        "0",
      ],
      1,
    ],
    [
      "devnet trigger",
      () => {
        devnet.on("GET", "/devnet/info", {
          body: {
            solver: { address: testAddress },
            chains: [
              { chainId: 1, role: "origin", rpcUrl: "http://127.0.0.1:1", contracts: {} },
              { chainId: 2, role: "destination", rpcUrl: "http://127.0.0.1:1", contracts: {} },
            ],
            testAccounts: [{ address: testAddress, privateKey: testKey }],
          },
        });
        devnet.on("POST", "/quote/v2", { status: 400, body: { message: hostile, errorCode: hostile } });
        return ["devnet", "trigger", "success", "--devnet", devnet.url, "--account", "0"];
      },
      3,
    ],
    ["devnet replay-webhook", () => ["devnet", "replay-webhook", "evt_1", "--devnet", service.url], 1],
  ] as const)("%s", async (_, argv, exitCode) => {
    const { code, text } = await run([...argv()]);
    if (process.env.SHOW) console.log(_, code, text);
    if (exitCode !== undefined) expect(code).toBe(exitCode);
    expectInert(text);
    // The hostile text was shown, escaped (not dropped: a reader sees what the service sent).
    expect(text).toMatch(/\\u001b|\\u009b|\\u202e|\\r|\\n/);
  });

  test("webhooks listen", async () => {
    const { io, text } = terminal();
    const controller = new AbortController();
    let ready!: WebhooksListenReady;
    const registered = new Promise<void>((resolve) => {
      void runWebhooksListen(
        { forwardTo: "http://127.0.0.1:1/", devnet: service.url, port: "0", apiKey: "key" },
        io,
        {
          signal: controller.signal,
          onReady: (value) => {
            ready = value;
            resolve();
          },
        },
      );
    });
    await registered;
    try {
      // A sender without the key chooses the event id and attempt headers, printed before it is refused.
      const forged = generateTestWebhook({ secret: "not-the-key" });
      const refused = await fetch(ready.url, {
        method: "POST",
        // Header values carry bytes 0x80 to 0xFF: C1 controls (a one-byte CSI, NEL) get through.
        headers: { ...forged.headers, "x-event-id": "evt\u009b2J\u0085x", "x-event-attempt": "\u009b1A" },
        body: forged.body,
      });
      expect(refused.status).toBe(401);
      expectInert(text());
      expect(text()).toContain("evt\\u009b2J\\u0085x");
    } finally {
      controller.abort();
    }
  });
});
