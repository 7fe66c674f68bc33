// Every example under examples/ runs here as a reader runs it: a process of its own (`node --import
// tsx`, what `npx tsx` runs) against one default devnet, with no set-up but ATTESTKIT_API (the
// devnet's URL: it listens on a free port here, not on 8787). Each must exit 0 and print its line.
// Then, in this process, what a run from the command line does not show: the refusals. Every example
// stands alone (readmeBlocks.test.ts checks the README's excerpts of them).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { main as auditHistory } from "../../examples/auditHistory.js";
import { main as payOrder } from "../../examples/payOrder.js";
import { main as verifyAttestation } from "../../examples/verifyAttestation.js";
import { main as verifyOrder } from "../../examples/verifyOrder.js";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { createClient } from "../../packages/attestkit/src/client/createClient.js";
import { defaultDevnetPort } from "../../packages/devnet/src/constants.js";
import { createDevnet, type Devnet } from "../../packages/devnet/src/createDevnet.js";
import { makeTempDir } from "../support/tempDir.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const examples = readdirSync(join(root, "examples")).filter((file) => file.endsWith(".ts"));

let running: Devnet | undefined;
beforeAll(async () => {
  running = await createDevnet({ port: 0, log: () => {} });
});
afterAll(async () => {
  await running?.stop();
});
const devnet = () => running as Devnet;
const origin = () => devnet().info.chains[0] as Devnet["info"]["chains"][number];
const destination = () => devnet().info.chains[1] as Devnet["info"]["chains"][number];
const testKey = (index: number) => (devnet().info.testAccounts[index] as { privateKey: Hex }).privateKey;

/** Starts `examples/<name>.ts` as a reader would, with the devnet's URL and nothing else set. */
function start(name: string, env: Record<string, string> = {}): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", `examples/${name}.ts`], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ATTESTKIT_API: devnet().url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  return Object.assign(child, { output: () => output });
}

/** Runs `examples/<name>.ts` to its end; answers its exit code and what it printed. */
async function run(name: string, env: Record<string, string> = {}) {
  const child = start(name, env);
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output: child.output() };
}

/** What each example prints when it ran through (one line of its output). */
const expected: Record<string, RegExp> = {
  backend: /status: 'success'/,
  payReceiver: /status: 'success'/,
  payOrder: /orderId: '0x[0-9a-f]{64}'/,
  payLocally: /gasUsed: \d+n/,
  verifyAttestation: /valid: true/,
  verifyOrder: /\{ valid: true, onchain: true \}/,
  auditHistory: /invalid: 0,/,
  webhooks: /request\.status\.updated 0x[0-9a-f]{64} success/,
};

test("default: every example is run here, and defaults to the default devnet's URL", () => {
  expect(Object.keys(expected).sort()).toEqual(examples.map((file) => file.replace(/\.ts$/, "")).sort());
  for (const file of examples) {
    const source = readFileSync(join(root, "examples", file), "utf8");
    const defaults = [...source.matchAll(/ATTESTKIT_API"?\)? \?\? "([^"]+)"/g)].map((match) => match[1]);
    expect(defaults.length, file).toBeGreaterThan(0);
    for (const url of defaults) expect(url, file).toBe(`http://127.0.0.1:${defaultDevnetPort}`);
  }
});

test.concurrent.each(["backend", "verifyAttestation", "verifyOrder"])(
  "%s: runs against the default devnet, exit 0",
  async (name) => {
    const { code, output } = await run(name);
    expect({ code, output }).toMatchObject({
      code: 0,
      output: expect.stringMatching(expected[name] as RegExp),
    });
  },
);

test.concurrent("payReceiver, payOrder, payLocally: pay with the devnet's keys (its receiver owner's one after another)", async () => {
  for (const name of ["payReceiver", "payOrder", "payLocally"]) {
    const { code, output } = await run(name);
    expect({ name, code, output }).toMatchObject({
      code: 0,
      output: expect.stringMatching(expected[name] as RegExp),
    });
  }
});

test.concurrent("webhooks: registers with the devnet, prints each event of a paid request, exits 0 on SIGTERM", async () => {
  const child = start("webhooks", { PORT: "0" });
  while (!child.output().includes("listening on")) {
    expect(child.exitCode, child.output()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const account = privateKeyToAccount(testKey(7));
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
    apiKey: "attestkit-examples", // the example's default API_KEY
  });
  const quote = await client.getQuote({
    user: account.address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const wallet = createWalletClient({ account, transport: http(origin().rpcUrl), pollingInterval: 50 });
  await executeSteps(client, { quote, wallet });
  const requestId = quote.steps[0]?.requestId as string;
  while (!child.output().includes(`${requestId} success`)) {
    expect(child.exitCode, child.output()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGTERM");
  const [code] = await once(child, "exit");
  expect({ code, output: child.output() }).toMatchObject({
    code: 0,
    output: expect.stringMatching(expected.webhooks as RegExp),
  });
  // It removed its endpoint on the way out.
  expect(await (await fetch(`${devnet().url}/devnet/info`)).json()).toMatchObject({ webhooks: [] });
});

test("auditHistory: the devnet's requests, all valid; one tampered entry of a file is found", async () => {
  const { code, output } = await run("auditHistory");
  expect({ code, output }).toMatchObject({
    code: 0,
    output: expect.stringMatching(expected.auditHistory as RegExp),
  });
  const client = createClient({ network: { baseUrl: devnet().url } });
  const { requests } = await client.getRequestsV2({ limit: 3 });
  expect(requests).toHaveLength(3);
  const lines: string[] = [];
  for (const { id: requestId } of requests) {
    const { requestData, signature } = await client.getAttestation({ requestId });
    lines.push(JSON.stringify({ requestId, requestData, signature }));
  }
  const tampered = JSON.parse(lines[1] as string);
  tampered.requestData.originAmount = "1";
  lines.push(JSON.stringify(tampered));
  const file = join(makeTempDir("example"), "history.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const { summary, invalid } = await auditHistory({ file, solvers: [devnet().info.solver.address] });
  expect(summary).toMatchObject({ total: 4, valid: 3, invalid: 1 });
  expect(invalid).toEqual([4]);
});

/** A fresh devnet quote paying 0.001 ETH from `user`, with its order signature. */
function devnetQuote(user: `0x${string}`, fields: { refundTo?: string; recipient?: string } = {}) {
  return createClient({ network: { baseUrl: devnet().url } }).getQuote({
    user,
    ...fields,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
    includeProtocolData: true,
  });
}

test("verifyAttestation: with the default (live) solver the devnet's record is refused, never ignored", async () => {
  const quote = await devnetQuote(privateKeyToAccount(testKey(4)).address);
  await expect(
    verifyAttestation({ api: devnet().url, requestId: quote.steps[0]?.requestId as string }),
  ).rejects.toThrow(/INVALID: signer-not-allowed/);
});

test("verifyOrder: the live quote's order on the devnet's OrderVerifier; another solver set refused off-chain", async () => {
  const read = (name: string) => JSON.parse(readFileSync(join(root, "test/vectors", name), "utf8"));
  const onchain = { rpcUrl: origin().rpcUrl, verifier: origin().contracts.orderVerifier as `0x${string}` };
  const quote = read("live-quote.json");
  const chainsAnswer = read("order-chains.json");
  await expect(verifyOrder({ quote, chainsAnswer, onchain })).resolves.toEqual({
    valid: true,
    onchain: true,
  });
  await expect(verifyOrder({ quote, chainsAnswer, solver: devnet().info.solver.address })).rejects.toThrow(
    /^do not pay: .*signer/,
  );
});

test("payOrder: the devnet's order paid once through its receiver; the replay reverts, another solver set is refused", async () => {
  const payer = privateKeyToAccount(testKey(3)).address;
  const receiver = origin().contracts.receiver as `0x${string}`;
  const quote = await devnetQuote(receiver, { refundTo: payer, recipient: payer });
  const { output } = (quote.protocol?.v2?.orderData ?? {}) as {
    output: { chainId: string; payments: { recipient: string }[] };
  };
  const payment = {
    rpcUrl: origin().rpcUrl,
    receiver,
    ownerKey: testKey(0), // the devnet's receiverOwner
    payerKey: testKey(3),
    quote: quote as Parameters<typeof payOrder>[0]["quote"],
    chainsAnswer: await createClient({ network: { baseUrl: devnet().url } }).getChains(),
    solver: devnet().info.solver.address,
    destination: { chainId: output.chainId, recipient: output.payments[0]?.recipient as string },
  };
  expect(devnet().info.receiverOwner).toBe(privateKeyToAccount(testKey(0)).address);
  const { orderId } = await payOrder(payment);
  expect(orderId).toBe(quote.protocol?.v2?.orderId);
  await expect(payOrder(payment)).rejects.toThrow();
  await expect(
    payOrder({ ...payment, solver: "0xf70da97812cb96acdf810712aa562db8dfa3dbef" }),
  ).rejects.toThrow("do not pay");
});

test("every example stands alone: it imports the packages, viem and node only, so it can be copied out", () => {
  for (const file of readdirSync(join(root, "examples"))) {
    const source = readFileSync(join(root, "examples", file), "utf8");
    const specifiers = [...source.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map(
      (match) => match[1] as string,
    );
    expect(specifiers.length, file).toBeGreaterThan(0);
    for (const specifier of specifiers)
      expect(specifier, file).toMatch(
        /^((@attestkit\/devnet|attestkit)(\/[\w/]+)?|viem(\/accounts)?|node:\w+)$/,
      );
  }
});
