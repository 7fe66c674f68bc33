import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../test/support/captureIo.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { createClient } from "../../client/createClient.js";
import { createDevnet, type Devnet } from "../../devnet/createDevnet.js";
import { runCli } from "../createProgram.js";

const apiKey = "quote-test-secret-key-8f3a";
let devnet: Devnet;
beforeAll(async () => {
  devnet = await createDevnet({ port: 0, log: () => {} });
});
afterAll(async () => {
  await devnet?.stop();
});

const dir = makeTempDir("quote");
let n = 0;
function write(content: unknown): string {
  const path = join(dir, `q${n++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const origin = () => devnet.info.chains[0] as Devnet["info"]["chains"][number];
const destination = () => devnet.info.chains[1] as Devnet["info"]["chains"][number];
const user = () => (devnet.info.testAccounts[1] as { address: string }).address;

/** 1 USDC from the origin to the destination, as flags. */
const usdcFlags = () => [
  "--user",
  user(),
  "--origin-chain-id",
  String(origin().chainId),
  "--destination-chain-id",
  String(destination().chainId),
  "--origin-currency",
  origin().contracts.token,
  "--destination-currency",
  destination().contracts.token,
  "--amount",
  "1000000",
];

async function quote(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["--api", devnet.url, "--api-key", apiKey, "quote", ...args], io);
  const all = [...io.stdout, ...io.stderr].join("\n");
  // Whatever happens, the key is never printed.
  expect(all).not.toContain(apiKey);
  return { code, io };
}

test("default: flags in, a readable summary out, exit 0", async () => {
  const { code, io } = await quote(...usdcFlags());
  expect(code).toBe(0);
  expect(io.stderr).toEqual([]);
  const text = io.stdout.join("\n");
  expect(text).toMatch(/^requestId {5}0x[0-9a-f]{64}$/m);
  for (const needle of [
    "operation     bridge",
    `you send      1 USDC on ${origin().chainId}  ($1)  [1000000]`,
    `you receive   0.989 USDC on ${destination().chainId}  ($0.989)  [989000]`,
    "rate          0.989",
    "time          ~1 s",
    "fees",
    `  relayer         0.011 USDC on ${origin().chainId}  ($0.011)  [11000]`,
    "steps (2)",
    "  1. approve  transaction  Sign an approval for USDC",
    `       chain ${origin().chainId}  to ${origin().contracts.token}  value 0`,
    "  2. deposit  transaction  Depositing 1 USDC",
    `       chain ${origin().chainId}  to ${origin().contracts.depository}  value 0`,
  ])
    expect(text).toContain(needle);
});

test("--json prints the response; the request is real: the service knows its status", async () => {
  const { code, io } = await quote(...usdcFlags(), "--json");
  expect(code).toBe(0);
  const response = io.json() as {
    requestId: string;
    steps: { id: string }[];
    details: { currencyIn: { amount: string }; currencyOut: { amount: string } };
  };
  expect(response.steps.map((step) => step.id)).toEqual(["approve", "deposit"]);
  expect(response.details.currencyIn.amount).toBe("1000000");
  expect(response.details.currencyOut.amount).toBe("989000");
  const status = await createClient({ network: { baseUrl: devnet.url } }).getStatus({
    requestId: response.requestId,
  });
  expect(status.status).toBe("waiting");
});

describe("--file", () => {
  const request = () => ({
    user: user(),
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "250000000",
    tradeType: "EXACT_OUTPUT",
    referrer: "from-file",
  });

  test("a full request from the file, its tradeType kept", async () => {
    const { code, io } = await quote("--file", write(request()), "--json");
    expect(code).toBe(0);
    // EXACT_OUTPUT: 250 USDC out, the input covers 10 bps and $0.01.
    expect(io.json()).toMatchObject({
      details: { currencyIn: { amount: "250260261" }, currencyOut: { amount: "250000000" } },
    });
  });

  test("flags override the file's fields", async () => {
    const { code, io } = await quote(
      "--file",
      write(request()),
      "--amount",
      "2000000",
      "--trade-type",
      "EXACT_INPUT",
      "--json",
    );
    expect(code).toBe(0);
    expect(io.json()).toMatchObject({ details: { currencyIn: { amount: "2000000" } } });
  });

  test.each([
    ["a missing file", () => join(dir, "nope.json"), "error: Cannot read"],
    ["not JSON", () => write("{oops"), "is not JSON."],
    ["an array", () => write([request()]), "must hold one quote request object."],
  ])("%s is exit 2", async (_, file, message) => {
    const { code, io } = await quote("--file", file());
    expect(code).toBe(2);
    expect(io.stderr[0]).toContain(message);
  });
});

describe("validated before sending: exit 2 naming the field", () => {
  // Port 9 refuses connections: a request that was sent would be exit 3.
  async function offline(...args: string[]) {
    const io = captureIo();
    const code = await runCli(["--api", "http://127.0.0.1:9", "quote", ...args], io);
    return { code, io };
  }
  const replace = (flag: string, value: string) => {
    const flags = usdcFlags();
    flags[flags.indexOf(flag) + 1] = value;
    return flags;
  };

  test.each([
    ["--amount", "must be digits only", () => replace("--amount", "1.5")],
    ["--origin-chain-id", "must be", () => replace("--origin-chain-id", "abc")],
    ["--user", "must be", () => replace("--user", "0x1234")],
    ["--trade-type", "must be", () => [...usdcFlags(), "--trade-type", "EXACTLY"]],
    ["--slippage-tolerance", "must be", () => [...usdcFlags(), "--slippage-tolerance", "10001"]],
    ["--user", "is required", () => usdcFlags().slice(2)],
  ])("%s %s", async (flag, words, args) => {
    const { code, io } = await offline(...args(), "--json");
    expect(code).toBe(2);
    expect(io.json()).toMatchObject({ error: { name: "CliError", field: flag } });
    // The flag, in the command line's words: never the request body's field name.
    expect(io.stderr[0]).toMatch(new RegExp(`^error: ${flag} ${words}.*\\.$`));
    expect(io.stderr[0]).not.toMatch(/field|[a-z][A-Z]/);
  });

  test("a field set by the file is named with the file (and the flag that would set it)", async () => {
    const path = write({ amount: "1.5" });
    const { code, io } = await offline(
      "--file",
      path,
      ...usdcFlags().filter((_, i, all) => all[i] !== "--amount" && all[i - 1] !== "--amount"),
    );
    expect(code).toBe(2);
    expect(io.stderr[0]).toBe(
      `error: "amount" of ${path} (or --amount) must be digits only (smallest unit).`,
    );
  });

  test("an unknown field of the file", async () => {
    const path = write({ colour: "red" });
    const { code, io } = await offline("--file", path, ...usdcFlags());
    expect(code).toBe(2);
    expect(io.stderr[0]).toBe(`error: "colour" of ${path} is not a field of this endpoint.`);
  });
});

test("the service refusing the quote is exit 3 with its code", async () => {
  const flags = usdcFlags();
  flags[flags.indexOf("--destination-chain-id") + 1] = "8453";
  const { code, io } = await quote(...flags, "--json");
  expect(code).toBe(3);
  expect(io.json()).toMatchObject({ error: { name: "ApiError" } });
  expect(io.stderr[0]).toMatch(/^error: The service answered HTTP 400 UNSUPPORTED_CHAIN: /);
});

test("an unreachable service is exit 3", async () => {
  const io = captureIo();
  expect(await runCli(["--api", "http://127.0.0.1:9", "quote", ...usdcFlags()], io)).toBe(3);
});

test("--help exits 0 and lists the flags", async () => {
  const io = captureIo();
  expect(await runCli(["quote", "--help"], io)).toBe(0);
  const text = io.stdout.join("\n");
  for (const needle of [
    "--file <file>",
    "--origin-chain-id <id>",
    "--trade-type <type>",
    "--json",
    "Exit codes: 0",
  ])
    expect(text).toContain(needle);
});

test("the order signature is asked for by default, so verify --quote checks the printed answer", async () => {
  const { code, io } = await quote(...usdcFlags(), "--json");
  expect(code).toBe(0);
  const answer = JSON.parse(io.stdout[0] as string) as { protocol: { v2: { orderSignature?: string } } };
  expect(answer.protocol.v2.orderSignature).toMatch(/^0x[0-9a-f]{130}$/);
  const verified = captureIo();
  const solver = devnet.info.solver.address;
  expect(
    await runCli(["--api", devnet.url, "verify", "--quote", write(answer), "--solver", solver], verified),
  ).toBe(0);
  expect(verified.stdout.join("\n")).toContain("verdict      VALID");
  const without = await quote(...usdcFlags(), "--json", "--no-include-protocol-data");
  const bare = JSON.parse(without.io.stdout[0] as string) as {
    protocol: { v2: { orderSignature?: string } };
  };
  expect(bare.protocol.v2.orderSignature).toBeUndefined();
  // verify --quote on it names how to ask for the signature.
  const refused = captureIo();
  expect(
    await runCli(["--api", devnet.url, "verify", "--quote", write(bare), "--solver", solver], refused),
  ).toBe(2);
  expect(refused.stderr.join("\n")).toContain("--include-protocol-data");
});
