import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { runDevnet } from "../../../../devnet/src/cli/runDevnet.js";
import { runCli } from "../createProgram.js";
import type { Io } from "../io.js";

const options = { port: "0", originChainId: "31337", destinationChainId: "31338" };

test("default: prints URLs, contracts and test accounts, serves, and stops when told", async () => {
  const io = captureIo();
  const controller = new AbortController();
  let chains: unknown;
  let dashboard: { url: string | undefined; page: string | null; devnet: string } | undefined;
  const code = await runDevnet(options, io, {
    signal: controller.signal,
    onStarted: async (devnet) => {
      chains = await (await fetch(`${devnet.url}/chains`)).json();
      // The banner's dashboard address, opened as a browser would.
      const url = /^dashboard {2}(\S+)$/m.exec(io.stdout.join("\n"))?.[1];
      const page = url ? (await fetch(url)).headers.get("content-type") : null;
      dashboard = { url, page, devnet: devnet.url };
      controller.abort();
    },
  });
  expect(code).toBe(0);
  const out = io.stdout.join("\n");
  expect(out).toMatch(/^attestkit devnet listening on http:\/\/127\.0\.0\.1:\d+/);
  expect(out).toMatch(/origin\s+31337\s+http:\/\/127\.0\.0\.1:\d+\/rpc\/31337/);
  expect(out).toMatch(/31337\s+depository\s+0x[0-9a-fA-F]{40}/);
  expect(out).toContain(
    "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266  0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  );
  // Who else acts with a published key: the relayer of gasless executions, the receivers' owner.
  expect(out).toContain("relayer (POST /execute, gas paid)  0x75F97bf42d2Ac9F38401f738b0fA28999C2C6DF3");
  expect(out).toContain(
    "owner of each chain's receiver     0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 (test account 0 below)",
  );
  expect(out).toMatch(/bitcoin 8253038 {2}Esplora API http:\/\/127\.0\.0\.1:\d+\/bitcoin\/api/);
  expect(out).toContain(
    "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k  bc1p8sapyp7rsegtd8xljn46yerx4y5hap79wnh0rzraq522l0htwc3sp6ng9r",
  );
  expect(out).toMatch(
    /exchange 3586256 {2}API http:\/\/127\.0\.0\.1:\d+\/exchange\/api {2}relayer account 1000/,
  );
  expect(out).toMatch(/devnet stopped$/);
  expect(dashboard).toEqual({
    url: `${dashboard?.devnet}/`,
    page: "text/html; charset=UTF-8",
    devnet: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
  });
  // The two EVM chains, Bitcoin and the external exchange.
  expect((chains as { chains: { id: number }[] }).chains.map((chain) => chain.id)).toEqual([
    31337, 31338, 8253038, 3586256,
  ]);
});

test("--json: the banner as one JSON object, the dashboard's address with it", async () => {
  const io = captureIo();
  const controller = new AbortController();
  let page: string | null = null;
  const code = await runDevnet({ ...options, json: true }, io, {
    signal: controller.signal,
    onStarted: async () => {
      const { dashboardUrl } = JSON.parse(io.stdout[0] ?? "{}") as { dashboardUrl?: string };
      page = dashboardUrl ? (await fetch(dashboardUrl)).headers.get("content-type") : null;
      controller.abort();
    },
  });
  expect(code).toBe(0);
  const info = JSON.parse(io.stdout[0] ?? "{}") as { url: string; dashboardUrl: string };
  expect(info.dashboardUrl).toBe(`${info.url}/`);
  expect(page).toBe("text/html; charset=UTF-8");
});

test("bad options exit 2 before anything starts", async () => {
  const cases: [Record<string, string>, string][] = [
    [{ port: "80a" }, 'error: --port must be an integer, got "80a"'],
    [{ port: "70000" }, "error: --port must be between 0 and 65535, got 70000"],
    [{ destinationChainId: "31337" }, "error: --origin-chain-id and --destination-chain-id must differ"],
    [
      { webhookUrl: "http://127.0.0.1:1/h" },
      "error: --webhook-url and --api-key go together (the key is the webhook's HMAC secret)",
    ],
    [{ webhookUrl: "ftp://x", apiKey: "k" }, "error: --webhook-url must be an http(s) URL"],
    [{ blockTime: "0" }, "error: --block-time must be between 1 and 3600000, got 0"],
    [{ bitcoinBlockTime: "-5" }, 'error: --bitcoin-block-time must be an integer, got "-5"'],
    [
      { bitcoinBlockTime: "3600001" },
      "error: --bitcoin-block-time must be between 0 and 3600000, got 3600001",
    ],
    [{ state: " " }, "error: --state needs a directory"],
  ];
  const headerCases: [Record<string, unknown>, string][] = [
    [{ webhookHeader: ["X-A: 1"] }, "error: --webhook-header needs --webhook-url"],
    [
      { webhookUrl: "http://127.0.0.1:1/h", apiKey: "k", webhookHeader: ["no-colon"] },
      'error: --webhook-header must be "Name: value", got "no-colon"',
    ],
    [
      { webhookUrl: "http://127.0.0.1:1/h", apiKey: "k", webhookHeader: ["X-A: 1", "x-a: 2"] },
      "error: --webhook-header x-a is given twice",
    ],
    [
      { webhookUrl: "http://127.0.0.1:1/h", apiKey: "k", webhookHeader: ["X-Signature-SHA256: 0"] },
      'error: Webhook header "X-Signature-SHA256" refused: is set by every delivery itself (signature, event or transport header): it cannot be replaced.',
    ],
  ];
  for (const [overrides, message] of headerCases) {
    const io = captureIo();
    expect(await runDevnet({ ...options, ...overrides }, io, { signal: AbortSignal.abort() })).toBe(2);
    expect(io.stderr[0]?.split("\n")[0]).toBe(message);
  }
  for (const [overrides, message] of cases) {
    const io = captureIo();
    expect(await runDevnet({ ...options, ...overrides }, io, { signal: AbortSignal.abort() })).toBe(2);
    expect(io.stderr).toEqual([message]);
  }
  const io = captureIo();
  expect(await runCli(["devnet", "--port", "x"], io)).toBe(2);
});

test("a port in use exits 3, saying how to pick another", async () => {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const io = captureIo();
  expect(await runDevnet({ ...options, port: String(port) }, io, { signal: AbortSignal.abort() })).toBe(3);
  expect(io.stderr).toContain(
    "[devnet] state: in memory only, nothing is kept when the process ends (--state DIR keeps it)",
  );
  expect(io.stderr.at(-2)).toMatch(/^error: the devnet did not start: .*EADDRINUSE/);
  expect(io.stderr.at(-1)).toBe(
    `  Another program (another devnet?) listens on port ${port}: stop it, or pick another with --port N (--port 0: any free port).`,
  );
  server.close();
});

test("the attestkit binary serves until SIGINT and then exits 0", async () => {
  const bin = fileURLToPath(new URL("../../../bin/attestkit.js", import.meta.url));
  const child = spawn(process.execPath, [bin, "devnet", "--port", "0", "--block-time", "50"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" },
  });
  let stdout = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match && stdout.includes("Press Ctrl+C")) resolve(match[1] as string);
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} early: ${stdout}`)));
  });
  const info = (await (await fetch(`${url}/devnet/info`)).json()) as { mining: unknown };
  expect(info.mining).toEqual({ mode: "interval", blockTimeMs: 50 });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  expect(await exited).toBe(0);
  expect(stdout).toMatch(/devnet stopped\n$/);
  await expect(fetch(`${url}/chains`)).rejects.toThrow();
});

test("$ATTESTKIT_API_KEY is the webhook secret only with --webhook-url; --json reports errors as JSON", async () => {
  const previous = process.env.ATTESTKIT_API_KEY;
  process.env.ATTESTKIT_API_KEY = "devnet-env-key";
  try {
    // With a webhook URL the key from the environment completes the pair: the URL is checked next.
    const withUrl = captureIo();
    expect(await runCli(["devnet", "--webhook-url", "ftp://x", "--json"], withUrl)).toBe(2);
    expect(withUrl.stderr).toEqual(["error: --webhook-url must be an http(s) URL"]);
    expect(withUrl.json()).toEqual({
      error: { name: "Error", message: "--webhook-url must be an http(s) URL" },
    });
    // Without one, a key set for the real service does not get in the way.
    const withoutUrl = captureIo();
    expect(await runCli(["devnet", "--port", "x"], withoutUrl)).toBe(2);
    expect(withoutUrl.stderr).toEqual(['error: --port must be an integer, got "x"']);
  } finally {
    if (previous === undefined) delete process.env.ATTESTKIT_API_KEY;
    else process.env.ATTESTKIT_API_KEY = previous;
  }
});

test("replay-webhook: bad input exits 2, an unreachable devnet 3, before or without a devnet", async () => {
  const badUrl = captureIo();
  expect(await runCli(["devnet", "replay-webhook", "evt_1", "--devnet", "ftp://x"], badUrl)).toBe(2);
  expect(badUrl.stderr).toEqual(['error: --devnet must be an http(s) URL, got "ftp://x"']);
  const badId = captureIo();
  expect(await runCli(["devnet", "replay-webhook", "../x", "--devnet", "http://127.0.0.1:1"], badId)).toBe(2);
  expect(badId.stderr[0]).toMatch(/is not a delivery id/);
  const down = captureIo();
  expect(await runCli(["devnet", "replay-webhook", "evt_1", "--devnet", "http://127.0.0.1:1"], down)).toBe(3);
  expect(down.stderr[0]).toBe("error: The devnet at http://127.0.0.1:1 did not answer.");
  expect(down.stderr).toContain("  Check --devnet: it names the running devnet.");
});

test("--webhook-header reaches the devnet: its name is listed by /devnet/info", async () => {
  const io = captureIo();
  const controller = new AbortController();
  let info: { webhooks: { url: string; headers: string[] }[] } | undefined;
  const code = await runDevnet(
    {
      ...options,
      webhookUrl: "http://127.0.0.1:1/hooks",
      apiKey: "cli-key",
      webhookHeader: ["Authorization: Bearer t0ken", "X-Route:a"],
    },
    io,
    {
      signal: controller.signal,
      onStarted: async (devnet) => {
        info = (await (await fetch(`${devnet.url}/devnet/info`)).json()) as typeof info;
        controller.abort();
      },
    },
  );
  expect(code).toBe(0);
  expect(info?.webhooks).toEqual([
    { url: "http://127.0.0.1:1/hooks", headers: ["Authorization", "X-Route"] },
  ]);
  expect(io.stdout.join("\n")).toContain("with the headers Authorization, X-Route");
  expect(io.stdout.join("\n")).not.toContain("t0ken");
});

describe("the price walk and the chain ids, as the command line sets them", () => {
  const output = captureIo();
  let url: string;
  let stop: (() => void) | undefined;
  let exited: Promise<number>;
  beforeAll(async () => {
    // Stopped as when its output's reader goes away: the command's own handler, called by the test.
    let started!: () => void;
    const listening = new Promise<void>((resolve) => {
      started = resolve;
    });
    const io: Io = {
      ...output,
      out: (line) => {
        output.out(line);
        if (output.stdout.at(-1) === "Press Ctrl+C to stop.") started();
      },
      onOutputClosed: (handler) => {
        stop = handler;
      },
    };
    exited = runCli(
      [
        "devnet",
        "--port",
        "0",
        "--origin-chain-id",
        "31400",
        "--destination-chain-id",
        "31401",
        "--price-volatility",
        "7",
        "--price-seed",
        "flag-seed",
      ],
      io,
    );
    await Promise.race([
      listening,
      exited.then((code) => {
        throw new Error(`the devnet exited ${code} before it listened: ${output.stderr.join("\n")}`);
      }),
    ]);
    url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output.stdout.join("\n"))?.[1] ?? "";
  });
  afterAll(async () => {
    stop?.();
    expect(await exited).toBe(0);
  });

  const settings = async () =>
    ((await (await fetch(`${url}/devnet/prices`)).json()) as { settings: Record<string, unknown> }).settings;

  test("--price-volatility: the largest step of each price's walk, in basis points", async () => {
    expect(await settings()).toMatchObject({ volatilityBps: 7, stepMs: 10_000 });
    expect(output.stdout.join("\n")).toContain(
      "prices  a seeded walk: at most 7 bps every 10 s (seed flag-seed)",
    );
  });

  test("--price-seed: the seed the walk is drawn from", async () => {
    expect(await settings()).toMatchObject({ seed: "flag-seed" });
  });

  test("--origin-chain-id and --destination-chain-id: the ids of the two EVM chains", async () => {
    const { chains } = (await (await fetch(`${url}/chains`)).json()) as { chains: { id: number }[] };
    expect(chains.map((chain) => chain.id).slice(0, 2)).toEqual([31400, 31401]);
    expect(output.stdout.join("\n")).toMatch(/origin\s+31400\s+http:\/\/127\.0\.0\.1:\d+\/rpc\/31400/);
  });
});

test.each([
  [["--price-volatility", "1001"], "error: --price-volatility must be between 0 and 1000, got 1001"],
  [["--price-volatility", "calm"], 'error: --price-volatility must be an integer, got "calm"'],
  [["--price-seed", ""], "error: --price-seed needs a seed"],
  [
    ["--origin-chain-id", "0"],
    `error: --origin-chain-id must be between 1 and ${Number.MAX_SAFE_INTEGER}, got 0`,
  ],
])("devnet %j exits 2 before anything starts", async (flags, message) => {
  const io = captureIo();
  expect(await runCli(["devnet", "--port", "0", ...flags], io)).toBe(2);
  expect(io.stderr).toEqual([message]);
});
