// Every example under examples/ runs here against an in-process devnet (port 0), as a reader would
// run it against `attestkit devnet`; every example stands alone (readmeBlocks.test.ts checks the README's
// excerpts of them).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { main as auditHistory } from "../../examples/auditHistory.js";
import { main as backend } from "../../examples/backend.js";
import { main as payLocally } from "../../examples/payLocally.js";
import { main as payOrder } from "../../examples/payOrder.js";
import { main as payReceiver } from "../../examples/payReceiver.js";
import { main as verifyAttestation } from "../../examples/verifyAttestation.js";
import { main as verifyOrder } from "../../examples/verifyOrder.js";
import { main as webhooks } from "../../examples/webhooks.js";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { createClient } from "../../packages/attestkit/src/client/createClient.js";
import { orderVerifierAbi, orderVerifierBytecode } from "../../packages/attestkit/src/contracts/index.js";
import { deployAttestationContracts } from "../../packages/attestkit/src/deploy/deployAttestationContracts.js";
import { parseDeployParameters } from "../../packages/attestkit/src/deploy/parseDeployParameters.js";
import { hashOrder } from "../../packages/attestkit/src/orders/hashOrder.js";
import { toOrderChains } from "../../packages/attestkit/src/orders/toOrderChains.js";
import type { WebhookEvent } from "../../packages/attestkit/src/schemas/index.js";
import type { Devnet } from "../../packages/devnet/src/createDevnet.js";
import { useDevnet } from "../support/devnetHarness.js";
import { orderTestSolver, sampleOrderV1, signOrderId } from "../support/fixtures.js";
import { makeTempDir } from "../support/tempDir.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const apiKey = "examples-webhook-key";
const events: WebhookEvent[] = [];
// A shared store as Redis would hold it: SET NX PX and DEL.
const redisKeys = new Map<string, string>();
const redis = {
  set: async (key: string, value: string) => {
    if (redisKeys.has(key)) return null;
    redisKeys.set(key, value);
    return "OK";
  },
  del: async (key: string) => Number(redisKeys.delete(key)),
};
const webhookServer = webhooks({ apiKey, redis, port: 0, onEvent: (event) => void events.push(event) });
beforeAll(async () => {
  if (!webhookServer.listening) await new Promise((resolve) => webhookServer.once("listening", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => webhookServer.close(resolve));
});
// Started once the webhook server listens (hooks run in order) and stopped before it closes.
const { devnet } = useDevnet(() => ({
  webhookUrl: `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/webhooks`,
  apiKey,
}));

const quiet = <T>(run: () => Promise<T>): Promise<T> => {
  const log = console.log;
  console.log = () => {};
  return run().finally(() => {
    console.log = log;
  });
};

test("backend: quote, verified attestation, executed steps, success", async () => {
  const result = await quiet(() => backend({ api: devnet().url }));
  expect(result).toEqual({ requestId: expect.stringMatching(/^0x[0-9a-f]{64}$/), status: "success" });
});

test("payReceiver: the receiver checks the attestation onchain and the request succeeds", async () => {
  const result = await payReceiver({ api: devnet().url });
  expect(result.status).toBe("success");
  expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
});

test("payLocally: a chain without a service, a receiver with a local solver key, paid", async () => {
  const origin = devnet().info.chains[0] as Devnet["info"]["chains"][number];
  const result = await payLocally({
    rpcUrl: origin.rpcUrl,
    payerKey: (devnet().info.testAccounts[5] as { privateKey: `0x${string}` }).privateKey,
  });
  expect(result.gasUsed).toBeGreaterThan(21_000n);
});

async function devnetRecord() {
  const origin = devnet().info.chains[0] as Devnet["info"]["chains"][number];
  const destination = devnet().info.chains[1] as Devnet["info"]["chains"][number];
  const user = (devnet().info.testAccounts[3] as { address: `0x${string}` }).address;
  const quote = await createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  }).getQuote({
    user,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  return quote.steps[0]?.requestId as string;
}

test("verifyAttestation: VALID with the devnet's solver; the verdict is checked, never ignored", async () => {
  const requestId = await devnetRecord();
  const solvers = [devnet().info.solver.address];
  await expect(verifyAttestation({ api: devnet().url, requestId, solvers })).resolves.toMatchObject({
    valid: true,
    signer: devnet().info.solver.address,
  });
  // With the default (live) solver the same record is refused: the example throws, it does not go on.
  await expect(verifyAttestation({ api: devnet().url, requestId })).rejects.toThrow(
    /INVALID: signer-not-allowed/,
  );
});

test("auditHistory: a history with one tampered entry", async () => {
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });
  const lines: string[] = [];
  for (let i = 0; i < 3; i++) {
    const requestId = await devnetRecord();
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

test("verifyOrder: the live quote's order, both off-chain paths and an OrderVerifier onchain", async () => {
  const read = (name: string) => JSON.parse(readFileSync(join(root, "test/vectors", name), "utf8"));
  const origin = devnet().info.chains[0] as Devnet["info"]["chains"][number];
  const account = privateKeyToAccount(
    (devnet().info.testAccounts[6] as { privateKey: `0x${string}` }).privateKey,
  );
  const wallet = createWalletClient({ account, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const publicClient = createPublicClient({ transport: http(origin.rpcUrl) });
  const hash = await wallet.deployContract({
    abi: orderVerifierAbi,
    bytecode: orderVerifierBytecode,
    chain: null,
  });
  const verifier = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress as `0x${string}`;
  const quote = read("live-quote.json");
  const chainsAnswer = read("order-chains.json");
  await expect(
    verifyOrder({ quote, chainsAnswer, onchain: { rpcUrl: origin.rpcUrl, verifier } }),
  ).resolves.toEqual({
    valid: true,
    onchain: true,
  });
  // Another solver set: refused off-chain, before anything onchain.
  await expect(verifyOrder({ quote, chainsAnswer, solver: devnet().info.solver.address })).rejects.toThrow(
    /^do not pay: .*signer/,
  );
});

test("webhooks: every delivery of a paid request verified, each event handled once, ids in the shared store", async () => {
  const origin = devnet().info.chains[0] as Devnet["info"]["chains"][number];
  const destination = devnet().info.chains[1] as Devnet["info"]["chains"][number];
  const account = privateKeyToAccount(
    (devnet().info.testAccounts[7] as { privateKey: `0x${string}` }).privateKey,
  );
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
    apiKey,
  });
  const quote = await client.getQuote({
    user: account.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const wallet = createWalletClient({ account, transport: http(origin.rpcUrl), pollingInterval: 50 });
  await executeSteps(client, { quote, wallet });
  const requestId = quote.steps[0]?.requestId;
  await client.waitForStatus({ requestId: requestId as string });
  await devnet().idle();
  const mine = events.filter((event) => event.data.requestId === requestId);
  expect(mine.at(-1)?.data.status).toBe("success");
  expect(new Set(mine.map((event) => JSON.stringify(event))).size).toBe(mine.length);
  expect(redisKeys.size).toBeGreaterThanOrEqual(mine.length);
});

test("payOrder: a solver-signed order paid through a receiver, deposited under its order id", async () => {
  const origin = devnet().info.chains[0] as Devnet["info"]["chains"][number];
  const key = (index: number) =>
    (devnet().info.testAccounts[index] as { privateKey: `0x${string}` }).privateKey;
  const owner = privateKeyToAccount(key(8));
  const publicClient = createPublicClient({ transport: http(origin.rpcUrl) });
  // A receiver on "base" accepting the order test solver.
  const deployed = await deployAttestationContracts({
    walletClient: createWalletClient({ account: owner, transport: http(origin.rpcUrl), pollingInterval: 50 }),
    publicClient,
    parameters: parseDeployParameters({
      owner: owner.address,
      depository: "devnet",
      solvers: [orderTestSolver],
      chainSlug: "base",
    }),
  });
  // An order paying 1000 wei of native currency on base, filled on optimism, with no destination call.
  const orderData = sampleOrderV1();
  orderData.inputs[0] = {
    ...(orderData.inputs[0] as (typeof orderData.inputs)[0]),
    payment: {
      chainId: "base",
      currency: "0x0000000000000000000000000000000000000000",
      amount: "1000",
      weight: "1",
    },
  };
  orderData.output.calls = [];
  orderData.output.deadline = Math.floor(Date.now() / 1000) + 3600;
  // The receiver pays only orders whose refunds give the payer back what it paid (here, native on
  // each chain), open until the fill deadline, and whose fees go to listed recipients: the refund
  // legs name the payer, and this order charges no fee.
  const payer = privateKeyToAccount(key(9)).address;
  for (const input of orderData.inputs)
    input.refunds = input.refunds.map((refund) => ({
      ...refund,
      recipient: payer,
      currency: "0x0000000000000000000000000000000000000000",
      deadline: orderData.output.deadline,
    }));
  orderData.fees = [];
  const chainsAnswer = JSON.parse(readFileSync(join(root, "test/vectors/order-chains.json"), "utf8"));
  const orderId = hashOrder({ orderData, chains: toOrderChains({ chains: chainsAnswer }) });
  const quote = {
    protocol: {
      v2: {
        orderId,
        orderData,
        orderSignature: await signOrderId(orderId),
        paymentDetails: {
          chainId: "base",
          depository: "0x4cd00e387622c35bddb9b4c962c136462338bc31",
          currency: "0x0000000000000000000000000000000000000000",
          amount: "1000",
        },
      },
    },
  };
  const payment = {
    rpcUrl: origin.rpcUrl,
    receiver: deployed.receiver,
    ownerKey: key(8),
    payerKey: key(9),
    quote,
    chainsAnswer,
    solver: orderTestSolver,
    destination: { chainId: "optimism", recipient: "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd" },
  };
  const result = await payOrder(payment);
  expect(result.orderId).toBe(orderId);
  expect(await publicClient.getBalance({ address: deployed.depository })).toBe(1000n);
  // Paid once: the same order again reverts onchain (replay is keyed on the order id).
  await expect(payOrder(payment)).rejects.toThrow();
  // Another solver set: refused before anything is sent.
  await expect(payOrder({ ...payment, solver: devnet().info.solver.address })).rejects.toThrow("do not pay");
});

test("every example is run above", () => {
  const examples = readdirSync(join(root, "examples")).filter((file) => file.endsWith(".ts"));
  const self = readFileSync(fileURLToPath(import.meta.url), "utf8");
  for (const file of examples) expect(self, file).toContain(`../../examples/${file.replace(/\.ts$/, ".js")}`);
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
