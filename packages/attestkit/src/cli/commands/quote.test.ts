import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import type { InspectedRequest } from "../../../../devnet/src/api/inspectRequest.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { createClient } from "../../client/createClient.js";
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
    `       chain ${origin().chainId}  to ${origin().contracts.token}\n`,
    "  2. deposit  transaction  Depositing 1 USDC",
    `       chain ${origin().chainId}  to ${origin().contracts.depository}`,
  ])
    expect(text).toContain(needle);
});

test("a native payment: the step item's value in units, the exact wei beside", async () => {
  const native = "0x0000000000000000000000000000000000000000";
  const flags = usdcFlags();
  flags[flags.indexOf("--origin-currency") + 1] = native;
  flags[flags.indexOf("--destination-currency") + 1] = native;
  flags[flags.indexOf("--amount") + 1] = "0.01ether";
  const { code, io } = await quote(...flags);
  expect(code).toBe(0);
  expect(io.stdout).toContain(
    `       chain ${origin().chainId}  to ${origin().contracts.depository}  value 0.01 ETH  [10000000000000000]`,
  );
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
    ["--amount", "1.5 is not a whole number of the smallest unit", () => replace("--amount", "1.5")],
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

  test("a field of the file that is a typo of a known one; any unknown one with --strict-fields", async () => {
    const typo = write({ refundT0: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" });
    const refused = await offline("--file", typo, ...usdcFlags());
    expect(refused.code).toBe(2);
    expect(refused.io.stderr[0]).toBe(
      `error: "refundT0" of ${typo} is not a field of this endpoint: did you mean "refundTo"?`,
    );
    const unknown = write({ colour: "red" });
    const strict = await offline("--file", unknown, "--strict-fields", ...usdcFlags());
    expect(strict.code).toBe(2);
    expect(strict.io.stderr[0]).toBe(`error: "colour" of ${unknown} is not a field of this endpoint.`);
  });
});

describe("--amount as cast takes a value: the request carries the integer", () => {
  const native = "0x0000000000000000000000000000000000000000";
  /** The 1 USDC flags with `--amount` (and any flag given) replaced. */
  const flags = (amount: string, ...over: string[]) => {
    const all = usdcFlags();
    all[all.indexOf("--amount") + 1] = amount;
    for (let i = 0; i < over.length; i += 2) all[all.indexOf(over[i] as string) + 1] = over[i + 1] as string;
    return all;
  };
  const nativeFlags = (amount: string) =>
    flags(amount, "--origin-currency", native, "--destination-currency", native);
  const amountIn = async (args: string[]) => {
    const { code, io } = await quote(...args, "--json");
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    return (io.json() as { details: { currencyIn: { amount: string } } }).details.currencyIn.amount;
  };

  test.each([
    "0.01ether",
    "0.01 ether",
    "10000000gwei",
    "10000000000000000wei",
    "1e16",
    "0x2386f26fc10000",
    "0.01eth",
  ])("%s of the native currency is 10000000000000000 wei", async (amount) => {
    expect(await amountIn(nativeFlags(amount))).toBe("10000000000000000");
  });

  test("a token's own symbol, by the decimals GET /chains gives it: 1.5usdc is 1500000", async () => {
    expect(await amountIn(flags("1.5usdc"))).toBe("1500000");
    expect(await amountIn(flags("2.5USDC"))).toBe("2500000");
  });

  test("EXACT_OUTPUT: the unit is the destination currency's", async () => {
    const { code, io } = await quote(
      ...flags("0.25usdc", "--origin-currency", native),
      "--trade-type",
      "EXACT_OUTPUT",
      "--json",
    );
    expect(code).toBe(0);
    expect(io.json()).toMatchObject({ details: { currencyOut: { amount: "250000" } } });
  });

  test.each([
    ["1ether", "ether, gwei and wei count 18 decimals; USDC on chain {origin} has 6."],
    ["1weth", "the amount is of USDC on chain {origin}, not weth."],
    ["1.0000001usdc", "error: --amount 1.0000001usdc is finer than the smallest unit of USDC (6 decimals)."],
    ["1.5", "is not a whole number of the smallest unit."],
    ["1.5e0", "is not a whole number of the smallest unit."],
    ["-1", "is not an amount."],
  ])("%s is refused with one error, nothing sent (exit 2)", async (amount, message) => {
    const { code, io } = await quote(...flags(amount), "--json");
    expect(code).toBe(2);
    expect(io.stderr[0]).toContain(message.replace("{origin}", String(origin().chainId)));
    expect(io.stderr[0]).toMatch(/^error: --amount /);
    expect(io.json()).toMatchObject({ error: { name: "CliError", field: "--amount" } });
    // One mistake, one error: the hints follow, never a second rule.
    expect(io.stderr.join("\n")).not.toMatch(/also:|2\^256/);
  });

  test("--amount 0.01: one error, and the unit to add", async () => {
    const { code, io } = await quote(...nativeFlags("0.01"));
    expect(code).toBe(2);
    expect(io.stderr).toEqual([
      "error: --amount 0.01 is not a whole number of the smallest unit.",
      "  A number without a unit is in the smallest unit (wei of ETH, millionths of USDC).",
      "  For whole units add one, as cast takes it: --amount 0.01ether, --amount 0.01usdc (the currency's symbol).",
    ]);
  });

  test("the help says what --amount takes", async () => {
    const io = captureIo();
    await runCli(["quote", "--help"], io);
    const text = io.stdout.join("\n").replace(/\s+/g, " ");
    expect(text).toContain("0.01ether, 1gwei, 1e16, 100usdc");
    expect(text).toContain("--amount takes a value as cast does");
  });
});

test("money is written one way: units, symbol, chain, dollars with the sign first, the exact amount", async () => {
  const { code, io } = await quote(
    ...usdcFlags().map((flag, i, all) =>
      all[i - 1] === "--origin-currency" || all[i - 1] === "--destination-currency"
        ? "0x0000000000000000000000000000000000000000"
        : all[i - 1] === "--amount"
          ? "0.01ether"
          : flag,
    ),
  );
  expect(code).toBe(0);
  const text = io.stdout.join("\n");
  expect(text).toContain(`you send      0.01 ETH on ${origin().chainId}  ($`);
  expect(text).toMatch(/^you send {6}0\.01 ETH on \d+ {2}\(\$[0-9.]+\) {2}\[10000000000000000\]$/m);
  expect(text).toMatch(/^ {2}at least {4}[0-9.]+ ETH on \d+ {2}\[\d+\]$/m);
  // A loss in dollars reads -$0.04, never $-0.04.
  expect(text).toMatch(/^impact {8}-[0-9.]+% \(-\$[0-9.]+\)$/m);
  expect(text).not.toContain("$-");
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

describe("each request flag: what the service quotes with it", () => {
  /** The quote answer of `args` (flags over the 1 USDC request), exit 0. */
  async function quoted(...args: string[]) {
    const { code, io } = await quote(...args, "--json");
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    return io.json();
  }
  /** The devnet's record of a quoted request (`GET /devnet/requests/{id}`), the fields read here. */
  const record = async (requestId: unknown) =>
    (await (await fetch(`${devnet.url}/devnet/requests/${String(requestId)}`)).json()) as Pick<
      InspectedRequest,
      "refundTo" | "createdAt" | "expiresAt"
    >;
  const other = () => (devnet.info.testAccounts[2] as { address: string }).address;
  const native = "0x0000000000000000000000000000000000000000";
  /** 0.01 ETH from the origin to the destination, as flags: the route deposit addresses serve. */
  const nativeFlags = () => [
    ...usdcFlags().slice(0, 6),
    "--origin-currency",
    native,
    "--destination-currency",
    native,
    "--amount",
    "10000000000000000",
  ];

  test("--recipient: the output is paid to it, in the summary and in the signed order", async () => {
    const answer = await quoted(...usdcFlags(), "--recipient", other());
    expect(answer).toMatchObject({
      details: { recipient: other() },
      protocol: {
        v2: { orderData: { output: { payments: [{ recipient: other().toLowerCase() }] } } },
      },
    });
    const { io } = await quote(...usdcFlags(), "--recipient", other());
    expect(io.stdout).toContain(`recipient     ${other()}`);
  });

  test("--refund-to: the request's refund address, and the recipient of the order's refund", async () => {
    const answer = await quoted(...usdcFlags(), "--refund-to", other());
    expect(answer).toMatchObject({
      protocol: {
        v2: { orderData: { inputs: [{ refunds: [{ recipient: other().toLowerCase() }] }] } },
      },
    });
    expect(await record(answer.requestId)).toMatchObject({ refundTo: other() });
  });

  test("--referrer: echoed in the request's status", async () => {
    const answer = await quoted(...usdcFlags(), "--referrer", "quote-test-app");
    const status = await createClient({ network: { baseUrl: devnet.url } }).getStatus({
      requestId: String(answer.requestId),
    });
    expect(status).toMatchObject({ status: "waiting", referrer: "quote-test-app" });
  });

  test("--ttl: the request expires that many seconds after it was quoted", async () => {
    const answer = await quoted(...usdcFlags(), "--ttl", "90");
    const { createdAt, expiresAt } = await record(answer.requestId);
    expect(expiresAt).toBe(createdAt + 90_000);
  });

  test("--slippage-tolerance: the guaranteed output is that many basis points under the expected one", async () => {
    // A bridge of one asset has no automatic slippage: without the flag, the minimum is the amount.
    expect(await quoted(...usdcFlags())).toMatchObject({
      details: { currencyOut: { amount: "989000", minimumAmount: "989000" } },
    });
    expect(await quoted(...usdcFlags(), "--slippage-tolerance", "250")).toMatchObject({
      details: {
        slippageTolerance: { destination: { percent: "2.50" } },
        currencyOut: { amount: "989000", minimumAmount: "964275" },
      },
    });
  });

  test("--use-deposit-address: one step that pays a deposit address; a token route is refused before sending", async () => {
    const answer = await quoted(...nativeFlags(), "--use-deposit-address");
    expect(answer).toMatchObject({
      steps: [{ id: "deposit", depositAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) }],
    });
    const { io } = await quote(...nativeFlags(), "--use-deposit-address");
    expect(io.stdout.join("\n")).toMatch(/^ {7}pay to deposit address 0x[0-9a-fA-F]{40}$/m);
    const refused = await quote(...usdcFlags(), "--use-deposit-address");
    expect(refused.code).toBe(2);
    expect(refused.io.stderr[0]).toMatch(
      /^error: --use-deposit-address needs the origin's native currency \(deposit addresses bridge native currencies only; /,
    );
  });

  test("--force-solver-execution: a same-chain swap goes through the solver, under an order it signed", async () => {
    const sameChain = [
      ...usdcFlags().slice(0, 4),
      "--destination-chain-id",
      String(origin().chainId),
      "--origin-currency",
      native,
      "--destination-currency",
      origin().contracts.token,
      "--amount",
      "10000000000000000",
    ];
    // Without it, the user's own swap transaction, with no order to sign.
    const own = await quoted(...sameChain);
    expect(own).toMatchObject({ details: { operation: "swap" }, steps: [{ id: "swap" }] });
    expect(own).not.toHaveProperty("protocol.v2.orderSignature");
    const solver = await quoted(...sameChain, "--force-solver-execution");
    expect(solver).toMatchObject({
      steps: [{ id: "deposit" }],
      protocol: { v2: { orderSignature: expect.stringMatching(/^0x[0-9a-f]{130}$/) } },
    });
  });

  test("--topup-gas: the recipient also gets the destination's native currency, charged as relayer gas", async () => {
    const flags = usdcFlags();
    flags[flags.indexOf("--amount") + 1] = "5000000";
    const plain = await quoted(...flags);
    expect(plain).not.toHaveProperty("details.currencyGasTopup");
    expect(plain).toMatchObject({ fees: { relayerGas: { amount: "10000" } } });
    // $2 of ETH at the devnet's price, paid for in USDC with the relayer gas fee.
    expect(await quoted(...flags, "--topup-gas")).toMatchObject({
      details: {
        currencyGasTopup: {
          currency: { chainId: destination().chainId, address: native },
          amount: "666666666666666",
        },
        currencyOut: { amount: "2985000" },
      },
      fees: { relayerGas: { amount: "2010000" } },
    });
  });

  test("--include-protocol-data: asks for the order signature, over an earlier --no-include-protocol-data", async () => {
    const asked = await quoted(...usdcFlags(), "--no-include-protocol-data", "--include-protocol-data");
    expect(asked).toMatchObject({
      protocol: { v2: { orderSignature: expect.stringMatching(/^0x[0-9a-f]{130}$/) } },
    });
    const last = await quoted(...usdcFlags(), "--include-protocol-data", "--no-include-protocol-data");
    expect(last).not.toHaveProperty("protocol.v2.orderSignature");
  });

  test.each([
    ["--recipient", "0x1234", "must be an EVM address (0x and 40 hex digits, valid checksum if mixed-case)."],
    ["--refund-to", native, "must not be the zero address: a refund paid there can never be spent."],
    ["--ttl", "soon", "must be of type number."],
  ])("%s %s is refused before sending: exit 2 naming the flag", async (flag, value, words) => {
    // Port 9 refuses connections: a request that was sent would be exit 3.
    const io = captureIo();
    const code = await runCli(["--api", "http://127.0.0.1:9", "quote", ...usdcFlags(), flag, value], io);
    expect(code).toBe(2);
    expect(io.stderr[0]).toBe(`error: ${flag} ${words}`);
  });
});
