import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, type Hex, http, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import type { InspectedRequest } from "../../../../devnet/src/api/inspectRequest.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { createClient } from "../../client/createClient.js";
import { runCli } from "../createProgram.js";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await createDevnet({ port: 0, indexIntervalMs: 20, log: () => {} });
});
afterAll(async () => {
  await devnet?.stop();
});

const native = "0x0000000000000000000000000000000000000000";
const keyOf = (index: number) => (devnet.info.testAccounts[index] as { privateKey: Hex }).privateKey;
const addressOf = (index: number) => (devnet.info.testAccounts[index] as { address: Hex }).address;
const intent = () => [
  "--origin-chain-id",
  String(devnet.info.chains[0]?.chainId),
  "--destination-chain-id",
  String(devnet.info.chains[1]?.chainId),
  "--origin-currency",
  native,
  "--destination-currency",
  native,
  "--amount",
  parseEther("0.01").toString(),
];

/** Runs `execute` against the devnet, trusting its contracts (`--trust-devnet`) unless `trust` is false. */
async function execute(args: string[], env?: Record<string, string>, trust = true) {
  const io = captureIo();
  const previous = process.env.ATTESTKIT_PRIVATE_KEY;
  if (env?.ATTESTKIT_PRIVATE_KEY) process.env.ATTESTKIT_PRIVATE_KEY = env.ATTESTKIT_PRIVATE_KEY;
  else delete process.env.ATTESTKIT_PRIVATE_KEY;
  try {
    const code = await runCli(
      ["--api", devnet.url, "execute", ...(trust ? ["--trust-devnet"] : []), ...args],
      io,
    );
    return { code, io, all: [...io.stdout, ...io.stderr].join("\n") };
  } finally {
    if (previous === undefined) delete process.env.ATTESTKIT_PRIVATE_KEY;
    else process.env.ATTESTKIT_PRIVATE_KEY = previous;
  }
}

test("a CLI-only payment: quote from flags, the key from the environment, steps, live status until success", async () => {
  const destination = createPublicClient({ transport: http(devnet.info.chains[1]?.rpcUrl) });
  const before = await destination.getBalance({ address: addressOf(1) });
  // --amount as cast takes it: 0.01ether is the 10000000000000000 wei the guard holds the order to.
  const { code, io, all } = await execute([...intent().slice(0, -1), "0.01ether"], {
    ATTESTKIT_PRIVATE_KEY: keyOf(1),
  });
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  // What the guard found, in units with the exact amount beside: the amount, each item, the deadline.
  expect(all).toMatch(/^check +amount +ok {2}0\.01 ETH on 31337 {2}\[10000000000000000\]$/m);
  expect(all).toMatch(
    /^check +deposit\[0\] +ok {2}depositNative 0\.01 ETH on 31337 {2}\[10000000000000000\] to the depository, id 0x[0-9a-f]{64}$/m,
  );
  expect(all).toMatch(/^check +deadline +ok {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z {2}\[\d+\]$/m);
  // No other raw integer: every amount is in units (digits of hex words and fractions are not amounts).
  expect(all).not.toMatch(/^check .* ok .*(?<![\w[.])\d{7,}(?![\w\]])/m);
  expect(io.stdout[0]).toMatch(
    new RegExp(`^request 0x[0-9a-f]{64} {2}\\(1 step, paid by ${addressOf(1)}\\)$`),
  );
  expect(all).toMatch(/^step 1 {2}deposit/m);
  expect(all).toMatch(/transaction 0x[0-9a-f]{64} sent on 31337$/m);
  expect(io.stdout.at(-1)).toMatch(/ success {4}/);
  // The check table keeps one column for ok and FAIL, whatever its longest label (destinationCurrency).
  const checks = io.stdout.filter((line) => line.startsWith("check "));
  expect(checks.length).toBeGreaterThan(10);
  expect(checks.some((line) => line.includes("destinationCurrency"))).toBe(true);
  expect(new Set(checks.map((line) => line.search(/ (ok|FAIL)( |$)/)))).toHaveProperty("size", 1);
  // The key is never printed.
  expect(all).not.toContain(keyOf(1).slice(2, 20));
  // The recipient (the payer) got the output on the destination chain.
  expect(await destination.getBalance({ address: addressOf(1) })).toBeGreaterThan(before);
});

test("--quote-file and --private-key, --json: JSON Lines ending in the success status", async () => {
  const request = {
    user: addressOf(2),
    originChainId: devnet.info.chains[0]?.chainId as number,
    destinationChainId: devnet.info.chains[1]?.chainId as number,
    originCurrency: native,
    destinationCurrency: native,
    amount: parseEther("0.02").toString(),
    tradeType: "EXACT_INPUT",
  } as const;
  const quote = await createClient({ network: { baseUrl: devnet.url } }).getQuote(request);
  const directory = makeTempDir("execute");
  const file = join(directory, "quote.json");
  const requestFile = join(directory, "request.json");
  writeFileSync(file, JSON.stringify(quote));
  writeFileSync(requestFile, JSON.stringify(request));
  // The saved answer alone is refused: the guard needs the request it answers, and nothing is sent.
  const alone = await execute(["--quote-file", file, "--private-key", keyOf(2)]);
  expect(alone.code).toBe(2);
  expect(alone.all).toContain("give that request with -f FILE or the flags");
  const { code, io, all } = await execute([
    "--quote-file",
    file,
    "-f",
    requestFile,
    "--private-key",
    keyOf(2),
    "--json",
  ]);
  expect(code).toBe(0);
  const lines = io.stdout.map(
    (line) =>
      JSON.parse(line) as {
        event: string;
        status?: string;
        requestId?: string;
        valid?: boolean;
        checks?: unknown[];
      },
  );
  expect(lines[0]).toMatchObject({ event: "quote", requestId: quote.requestId });
  // The guard's verdict comes before anything is sent, with every check.
  const verdict = lines.findIndex((l) => l.event === "payment:verified");
  expect(lines[verdict]).toMatchObject({ valid: true });
  expect(lines[verdict]?.checks?.length).toBeGreaterThan(10);
  expect(verdict).toBeLessThan(lines.findIndex((l) => l.event === "transaction:sent"));
  expect(lines.map((l) => l.event)).toContain("transaction:confirmed");
  expect(lines.at(-1)).toMatchObject({ event: "status", status: "success" });
  expect(all).not.toContain(keyOf(2).slice(2, 20));
});

test("a key that is not the quote's user is refused before anything is sent (the quote's steps name their sender)", async () => {
  const { code, all } = await execute([...intent(), "--user", addressOf(4)], {
    ATTESTKIT_PRIVATE_KEY: keyOf(3),
  });
  expect(code).not.toBe(0);
  expect(all).toMatch(/account/i);
  expect(all).not.toContain(keyOf(3).slice(2, 20));
});

test("bad input is 2 and never echoes the key", async () => {
  const missing = await execute(intent());
  expect(missing.code).toBe(2);
  expect(missing.io.stderr[0]).toBe(
    "error: Give the paying key in $ATTESTKIT_PRIVATE_KEY (or --private-key).",
  );
  const secretish = `0x${"ab".repeat(31)}zz`;
  const malformed = await execute([...intent(), "--private-key", secretish]);
  expect(malformed.code).toBe(2);
  expect(malformed.all).not.toContain("abababab");
  expect((await execute([...intent(), "--rpc", "nope"], { ATTESTKIT_PRIVATE_KEY: keyOf(5) })).code).toBe(2);
  expect((await execute(["--amount", "1"], { ATTESTKIT_PRIVATE_KEY: keyOf(5) })).code).toBe(2);
  expect(
    (await execute(["--quote-file", "/nonexistent/quote.json"], { ATTESTKIT_PRIVATE_KEY: keyOf(5) })).code,
  ).toBe(2);
});

test("a USDC payment: the approval and the deposit are both run, then success", async () => {
  const token = devnet.info.chains[0]?.contracts.token as string;
  const destinationToken = devnet.info.chains[1]?.contracts.token as string;
  const usdc = (amount: string) => [
    "--origin-chain-id",
    String(devnet.info.chains[0]?.chainId),
    "--destination-chain-id",
    String(devnet.info.chains[1]?.chainId),
    "--origin-currency",
    token,
    "--destination-currency",
    destinationToken,
    "--amount",
    amount,
  ];
  // A token's unit would rest on the service's decimals: execute takes its smallest unit only.
  const unit = await execute(usdc("5usdc"), { ATTESTKIT_PRIVATE_KEY: keyOf(6) });
  expect(unit.code).toBe(2);
  expect(unit.io.stderr[0]).toBe(
    "error: execute takes a unit only for the native currency (ether, gwei, wei).",
  );
  expect(unit.all).not.toContain("request 0x");
  const { code, io, all } = await execute(usdc("5000000"), { ATTESTKIT_PRIVATE_KEY: keyOf(6) });
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  expect(io.stdout[0]).toMatch(/\(2 steps, /);
  expect(all.match(/ sent on 31337$/gm)).toHaveLength(2);
  expect(io.stdout.at(-1)).toMatch(/ success {4}/);
});

describe("the trust root and the request, as the command line gives them", () => {
  const nonceOf = (index: number) =>
    createPublicClient({ transport: http(devnet.info.chains[0]?.rpcUrl) }).getTransactionCount({
      address: addressOf(index),
    });

  test("without a trust root for the devnet's chains: refused (exit 1), advice in flags, nothing sent", async () => {
    const before = await nonceOf(7);
    const { code, all } = await execute(intent(), { ATTESTKIT_PRIVATE_KEY: keyOf(7) }, false);
    expect(code).toBe(1);
    expect(all).toContain("unknown-origin-chain");
    expect(all).toContain("--chains-file FILE");
    expect(all).toContain("--trust-devnet");
    expect(all).toContain("--no-verify");
    expect(all).not.toContain("trustRoot (createClient");
    expect(all).toContain("Nothing was sent.");
    expect(await nonceOf(7)).toBe(before);
  });

  test("--chains-file: a trust root, or a chain list saved from a source the caller trusts", async () => {
    const directory = makeTempDir("execute-trust");
    const evmOnly = { chains: devnet.trustRoot.chains.filter((chain) => chain.vmType === "ethereum-vm") };
    const rootFile = join(directory, "trust.json");
    writeFileSync(rootFile, JSON.stringify(evmOnly));
    // Without --trust-devnet, the solver and the chains' RPC URLs are the caller's to name too.
    const named = [
      "--solver",
      devnet.info.solver.address,
      ...devnet.info.chains.flatMap((chain) => ["--rpc", `${chain.chainId}=${chain.rpcUrl}`]),
    ];
    const first = await execute(
      [...intent(), ...named, "--chains-file", rootFile],
      { ATTESTKIT_PRIVATE_KEY: keyOf(7) },
      false,
    );
    expect(first.all).toContain("payment guard VALID");
    expect(first.code).toBe(0);
    const saved = join(directory, "chains.json");
    writeFileSync(saved, JSON.stringify(await (await fetch(`${devnet.url}/chains`)).json()));
    const second = await execute(
      [...intent(), ...named, "--chains-file", saved],
      { ATTESTKIT_PRIVATE_KEY: keyOf(7) },
      false,
    );
    expect(second.code).toBe(0);
    const broken = join(directory, "broken.json");
    writeFileSync(
      broken,
      JSON.stringify({ chains: [{ id: 31337, slug: "x", vmType: "ethereum-vm", depository: "nope" }] }),
    );
    const refused = await execute(
      [...intent(), "--chains-file", broken],
      { ATTESTKIT_PRIVATE_KEY: keyOf(7) },
      false,
    );
    expect(refused.code).toBe(2);
    expect(refused.all).toMatch(/--chains-file .*broken\.json.*depository/);
    const ids = await execute(
      [...intent(), "--trust-devnet", "31337"],
      { ATTESTKIT_PRIVATE_KEY: keyOf(7) },
      false,
    );
    expect(ids.code).toBe(2);
    expect(ids.all).toContain("ORIGIN,DESTINATION");
  });

  test("-f FILE keeps the file's user: another than the key's account is refused before anything is asked or sent", async () => {
    const directory = makeTempDir("execute-user");
    const file = join(directory, "request.json");
    const [origin, destination] = devnet.info.chains;
    const request = {
      user: addressOf(8),
      originChainId: origin?.chainId,
      destinationChainId: destination?.chainId,
      originCurrency: native,
      destinationCurrency: native,
      amount: parseEther("0.01").toString(),
    };
    writeFileSync(file, JSON.stringify(request));
    const before = await nonceOf(9);
    const refused = await execute(["-f", file], { ATTESTKIT_PRIVATE_KEY: keyOf(9) });
    expect(refused.code).toBe(2);
    expect(refused.all).toContain(
      `The request's user ${addressOf(8)} is not the paying key's account ${addressOf(9)}`,
    );
    expect(refused.all).toContain(`--user ${addressOf(9)}`);
    expect(await nonceOf(9)).toBe(before);
    const paid = await execute(["-f", file], { ATTESTKIT_PRIVATE_KEY: keyOf(8) });
    expect(paid.code).toBe(0);
    expect(paid.all).toContain(`paid by ${addressOf(8)}`);
  });

  test("--accept-item as the refusal prints it runs exactly that item of a saved quote", async () => {
    const [origin] = devnet.info.chains;
    const request = {
      user: addressOf(0),
      originChainId: origin?.chainId as number,
      destinationChainId: origin?.chainId as number,
      originCurrency: native,
      destinationCurrency: origin?.contracts.token as string,
      amount: parseEther("0.1").toString(),
      tradeType: "EXACT_INPUT",
    } as const;
    const quote = await createClient({ network: { baseUrl: devnet.url } }).getQuote(request);
    const directory = makeTempDir("execute-accept");
    const file = join(directory, "quote.json");
    const requestFile = join(directory, "request.json");
    writeFileSync(file, JSON.stringify(quote));
    writeFileSync(requestFile, JSON.stringify(request));
    const args = ["--quote-file", file, "-f", requestFile];
    const refused = await execute(args, { ATTESTKIT_PRIVATE_KEY: keyOf(0) });
    expect(refused.code).toBe(1);
    const accept = /--accept-item (swap\[0\]@[0-9a-f]{16})/.exec(refused.all)?.[1];
    expect(accept).toBeDefined();
    expect(refused.all).toContain("--force-solver-execution");
    const paid = await execute([...args, "--accept-item", accept as string], {
      ATTESTKIT_PRIVATE_KEY: keyOf(0),
    });
    expect(paid.all).toContain("payment guard VALID");
    expect(paid.code).toBe(0);
  });
});

describe("each request flag reaches the quote, and the payment guard holds the quote to it", () => {
  const origin = () => devnet.info.chains[0] as Devnet["info"]["chains"][number];
  const destination = () => devnet.info.chains[1] as Devnet["info"]["chains"][number];
  const onDestination = () => createPublicClient({ transport: http(destination().rpcUrl) });
  const nonceOf = (index: number) =>
    createPublicClient({ transport: http(origin().rpcUrl) }).getTransactionCount({
      address: addressOf(index),
    });
  /** The devnet's record of the request a run paid (`GET /devnet/requests/{id}`), the fields read here. */
  async function recordOf(all: string) {
    const requestId = /^request (0x[0-9a-f]{64})/m.exec(all)?.[1];
    expect(requestId).toBeDefined();
    return (await (await fetch(`${devnet.url}/devnet/requests/${requestId}`)).json()) as Omit<
      InspectedRequest,
      "protocol"
    > & {
      protocol: { orderData: { output: { payments: { minimumAmount: string; expectedAmount: string }[] } } };
    };
  }
  /** Runs `execute` with the key of test account `index` and expects the request to end in success. */
  async function paid(index: number, args: string[]) {
    const run = await execute(args, { ATTESTKIT_PRIVATE_KEY: keyOf(index) });
    expect(run.io.stderr).toEqual([]);
    expect(run.code).toBe(0);
    // The guard's verdict, as a line or (with --json) as its event.
    expect(run.all).toMatch(/^payment guard VALID|^\{"event":"payment:verified","valid":true,/m);
    return run;
  }

  test("--recipient: the output is paid to it, not to the payer", async () => {
    const before = await onDestination().getBalance({ address: addressOf(3) });
    const { all } = await paid(1, [...intent(), "--recipient", addressOf(3)]);
    expect(await recordOf(all)).toMatchObject({ user: addressOf(1), recipient: addressOf(3) });
    expect(await onDestination().getBalance({ address: addressOf(3) })).toBeGreaterThan(before);
  });

  test("--refund-to: the request's refund address, which the guard checks in the signed order", async () => {
    const { all } = await paid(1, [...intent(), "--refund-to", addressOf(4)]);
    expect(all).toMatch(/^check {8}refundTo +ok/m);
    expect(await recordOf(all)).toMatchObject({ refundTo: addressOf(4) });
  });

  test("--referrer: echoed in every status the run follows", async () => {
    const { io } = await paid(1, [...intent(), "--referrer", "execute-test-app", "--json"]);
    const statuses = io.stdout.map((line) => JSON.parse(line)).filter((line) => line.event === "status");
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(status).toMatchObject({ referrer: "execute-test-app" });
    expect(statuses.at(-1)).toMatchObject({ status: "success" });
  });

  test("--ttl: the request expires that many seconds after it was quoted", async () => {
    const { all } = await paid(1, [...intent(), "--ttl", "90"]);
    const { createdAt, expiresAt } = await recordOf(all);
    expect(expiresAt).toBe(createdAt + 90_000);
  });

  test("--slippage-tolerance: the signed minimum output is that many basis points under the expected one", async () => {
    const { all } = await paid(1, [...intent(), "--slippage-tolerance", "100"]);
    const [payment] = (await recordOf(all)).protocol.orderData.output.payments;
    expect(payment).toBeDefined();
    if (payment)
      expect(BigInt(payment.minimumAmount)).toBe((BigInt(payment.expectedAmount) * 9_900n) / 10_000n);
  });

  test("--trade-type EXACT_OUTPUT: --amount is what the recipient gets, the input covers the fees", async () => {
    const { all } = await paid(1, [...intent(), "--trade-type", "EXACT_OUTPUT"]);
    const { amountIn, amountOut } = await recordOf(all);
    expect(amountOut).toBe(parseEther("0.01").toString());
    expect(BigInt(amountIn)).toBeGreaterThan(parseEther("0.01"));
  });

  test("--topup-gas: the recipient also gets the destination's native currency with the fill", async () => {
    // A token route: the recipient pays no gas on the destination, so its native balance moves only
    // by the top-up.
    const before = await onDestination().getBalance({ address: addressOf(6) });
    await paid(6, [
      "--origin-chain-id",
      String(origin().chainId),
      "--destination-chain-id",
      String(destination().chainId),
      "--origin-currency",
      origin().contracts.token,
      "--destination-currency",
      destination().contracts.token,
      "--amount",
      "5000000",
      "--topup-gas",
    ]);
    expect(await onDestination().getBalance({ address: addressOf(6) })).toBeGreaterThan(before);
  });

  test("--use-deposit-address: paid by a plain transfer to the deposit address the guard derived", async () => {
    const { all } = await paid(1, [...intent(), "--use-deposit-address"]);
    expect(all).toMatch(/^step 1 {2}deposit {2}Send 0\.01 ETH to the deposit address$/m);
    const { depositAddress } = await recordOf(all);
    expect(depositAddress).toMatchObject({ depositor: addressOf(1), depositTxHash: expect.any(String) });
    expect(all).toContain(`transaction ${depositAddress?.depositTxHash} sent on ${origin().chainId}`);
  });

  test("--force-solver-execution: a same-chain swap the guard cannot read goes through the solver instead", async () => {
    const sameChain = [
      "--origin-chain-id",
      String(origin().chainId),
      "--destination-chain-id",
      String(origin().chainId),
      "--origin-currency",
      native,
      "--destination-currency",
      origin().contracts.token,
      "--amount",
      parseEther("0.1").toString(),
    ];
    const before = await nonceOf(4);
    const refused = await execute(sameChain, { ATTESTKIT_PRIVATE_KEY: keyOf(4) });
    expect(refused.code).toBe(1);
    expect(refused.all).toContain("--force-solver-execution");
    expect(await nonceOf(4)).toBe(before);
    const { all } = await paid(4, [...sameChain, "--force-solver-execution"]);
    expect(all).toMatch(/^step 1 {2}deposit {2}Depositing 0\.1 ETH$/m);
  });

  test("--no-verify: the guard is off, so what it cannot read (a same-chain swap) is sent as the quote says", async () => {
    const sameChain = [
      "--origin-chain-id",
      String(origin().chainId),
      "--destination-chain-id",
      String(origin().chainId),
      "--origin-currency",
      native,
      "--destination-currency",
      origin().contracts.token,
      "--amount",
      parseEther("0.1").toString(),
    ];
    const before = await nonceOf(3);
    const { code, io, all } = await execute([...sameChain, "--no-verify"], {
      ATTESTKIT_PRIVATE_KEY: keyOf(3),
    });
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    expect(all).not.toContain("payment guard");
    expect(all).toMatch(/^step 1 {2}swap/m);
    expect(await nonceOf(3)).toBeGreaterThan(before);
  });

  test("--max-amount-in: an output-priced quote that asks more is refused before anything is sent", async () => {
    const exactOutput = [...intent(), "--trade-type", "EXACT_OUTPUT"];
    const before = await nonceOf(2);
    const refused = await execute([...exactOutput, "--max-amount-in", "1"], {
      ATTESTKIT_PRIVATE_KEY: keyOf(2),
    });
    expect(refused.code).toBe(1);
    expect(refused.all).toContain("input-above-max (expected at most 1 (maxAmountIn), got ");
    expect(refused.all).toContain("The order charges more than --max-amount-in allows");
    expect(await nonceOf(2)).toBe(before);
    // With a unit, as --amount takes it: 0.011ether is 11000000000000000 wei.
    await paid(2, [...exactOutput, "--max-amount-in", "0.011ether"]);
    const malformed = await execute([...exactOutput, "--max-amount-in", "1.5"], {
      ATTESTKIT_PRIVATE_KEY: keyOf(2),
    });
    expect(malformed.code).toBe(2);
    expect(malformed.io.stderr[0]).toBe(
      "error: --max-amount-in 1.5 is not a whole number of the smallest unit.",
    );
  });

  test.each([
    ["--recipient", "0x1234"],
    ["--refund-to", native],
    ["--ttl", "soon"],
    ["--slippage-tolerance", "10001"],
    ["--trade-type", "EXACTLY"],
  ])(
    "%s %s is refused before anything is asked or sent, naming the flag as quote does: exit 2",
    async (flag, value) => {
      const before = await nonceOf(5);
      const { code, io } = await execute([...intent(), flag, value], { ATTESTKIT_PRIVATE_KEY: keyOf(5) });
      expect(code).toBe(2);
      expect(io.stderr[0]).toMatch(new RegExp(`^error: ${flag} `));
      expect(io.stderr.join("\n")).not.toContain("Invalid quote request");
      expect(await nonceOf(5)).toBe(before);
    },
  );

  test("--accept-item pinned to a digest the item does not have runs nothing: still refused", async () => {
    const request = {
      user: addressOf(0),
      originChainId: origin().chainId,
      destinationChainId: origin().chainId,
      originCurrency: native,
      destinationCurrency: origin().contracts.token,
      amount: parseEther("0.1").toString(),
      tradeType: "EXACT_INPUT",
    } as const;
    const quote = await createClient({ network: { baseUrl: devnet.url } }).getQuote(request);
    const directory = makeTempDir("execute-accept-digest");
    const file = join(directory, "quote.json");
    const requestFile = join(directory, "request.json");
    writeFileSync(file, JSON.stringify(quote));
    writeFileSync(requestFile, JSON.stringify(request));
    const before = await nonceOf(0);
    const refused = await execute(
      ["--quote-file", file, "-f", requestFile, "--accept-item", "swap[0]@0000000000000000"],
      {
        ATTESTKIT_PRIVATE_KEY: keyOf(0),
      },
    );
    expect(refused.code).toBe(1);
    expect(refused.all).toContain("Nothing was sent.");
    expect(refused.all).toMatch(/--accept-item swap\[0\]@[0-9a-f]{16}/);
    expect(await nonceOf(0)).toBe(before);
  });
});

test("a request that ends refunded is exit 1 with the final status last, however the end is seen (here by the step's check)", async () => {
  // A destination call that reverts without a reason (the token has no fallback): the fill fails and
  // the deposit is refunded (MISSING_REVERT_DATA), which the deposit step's check sees first.
  const request = {
    user: addressOf(6),
    originChainId: devnet.info.chains[0]?.chainId as number,
    destinationChainId: devnet.info.chains[1]?.chainId as number,
    originCurrency: native,
    destinationCurrency: native,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
    txs: [{ to: devnet.info.chains[1]?.contracts.token, data: "0xdeadbeef", value: "0" }],
  };
  const file = join(makeTempDir("execute-refund"), "request.json");
  writeFileSync(file, JSON.stringify(request));
  const json = await execute(["-f", file, "--json"], { ATTESTKIT_PRIVATE_KEY: keyOf(6) });
  expect(json.io.stderr).toEqual([]);
  expect(json.code).toBe(1);
  const last = JSON.parse(json.io.stdout.at(-1) as string) as {
    event: string;
    status: string;
    failReason?: string;
  };
  expect(last).toMatchObject({ event: "status", status: "refund", failReason: "MISSING_REVERT_DATA" });
  const text = await execute(["-f", file], { ATTESTKIT_PRIVATE_KEY: keyOf(6) });
  expect(text.code).toBe(1);
  expect(text.io.stdout.at(-1)).toMatch(/ refund {6}in 0x[0-9a-f]{64} .* reason MISSING_REVERT_DATA: /);
});
