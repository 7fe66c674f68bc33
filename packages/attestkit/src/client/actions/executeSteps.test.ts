import {
  type Account,
  type Chain,
  createWalletClient,
  custom,
  type Hex,
  type PublicClient,
  recoverMessageAddress,
  type Transport,
  verifyTypedData,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  depositStep,
  quoteResponse,
  requestId,
  statusResponse,
} from "../../../../../test/support/fixtures.js";
import { createTestServer, type TestServer } from "../../../../../test/support/testServer.js";
import { InvalidExchangeTransferError } from "../../chains/exchange/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { AbortError } from "../errors/request.js";
import { RequestNotFoundError } from "../errors/status.js";
import {
  InvalidStepItemError,
  MissingStepHandlerError,
  StepCheckFailedError,
  StepCheckTimeoutError,
  TransactionRevertedError,
} from "../errors/steps.js";
import { AccountMismatchError, ChainMismatchError } from "../errors/wallet.js";
import { type ExecuteStepsProgressEvent, executeSteps } from "./executeSteps.js";

let server: TestServer;
let wallet: WalletClient<Transport, Chain, Account>;
let publicClient: PublicClient;
let chainId: number;
let revertingContract: Hex;

const recipient = "0x1111111111111111111111111111111111111111";
const statusPath = "/intents/status/v3";

beforeAll(async () => {
  server = await createTestServer();
  const hre = await import("hardhat");
  // Failed transactions are mined as reverted receipts instead of thrown, like on a real chain.
  const { viem } = await hre.network.create({ override: { throwOnTransactionFailures: false } });
  const wallets = (await viem.getWalletClients()) as unknown as WalletClient<Transport, Chain, Account>[];
  wallet = wallets[0] as WalletClient<Transport, Chain, Account>;
  publicClient = (await viem.getPublicClient()) as unknown as PublicClient;
  chainId = await publicClient.getChainId();
  // A contract whose code is PUSH1 0 PUSH1 0 REVERT: every call to it reverts.
  const hash = await wallet.sendTransaction({
    data: "0x6460006000fd6000526005601bf3",
    chain: null,
    account: wallet.account,
  });
  revertingContract = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress as Hex;
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.on("POST", "/transactions/index", { body: { message: "Success" } });
});

// These tests are about running steps: their quotes carry no order, so the payment guard (tested in
// ../payment/ and ../../../test/guard/) is turned off, explicitly, in every run.
const unguarded = { verify: false } as const;
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: { delay: 1 } });
/**
 * The same client on the test server in memory (`server.fetch`, no socket): a read completes within
 * the turn that starts it, so a check's deadline always falls between reads, never before the first
 * one, however busy the machine; and a read cut off by it never reaches the server later.
 */
const inMemoryClient = () =>
  createBaseClient({ network: { baseUrl: server.url }, retry: { delay: 1 }, fetch: server.fetch });
const fast = { checkIntervalMs: 5 } as const;
const deposit = (overrides: Parameters<typeof depositStep>[0] = {}) =>
  depositStep({ chainId, to: recipient, from: wallet.account.address, value: "12345", ...overrides });

describe("transaction steps", () => {
  test("default: sends on the chain, waits for the receipt, indexes, checks, reports progress", async () => {
    server.on("GET", statusPath, { body: statusResponse("waiting") }, { body: statusResponse("pending") });
    const step = deposit();
    const quote = quoteResponse([step]);
    const before = await publicClient.getBalance({ address: recipient });
    const events: ExecuteStepsProgressEvent[] = [];
    const result = await executeSteps(client(), {
      ...unguarded,
      quote,
      wallet,
      ...fast,
      onProgress: (e) => events.push(e),
    });

    expect(await publicClient.getBalance({ address: recipient })).toBe(before + 12345n);
    expect(result.transactions).toHaveLength(1);
    const [sent] = result.transactions;
    expect(sent).toMatchObject({ stepId: "deposit", chainId });
    expect(sent?.receipt.status).toBe("success");
    const tx = await publicClient.getTransaction({ hash: sent?.hash as Hex });
    expect(tx).toMatchObject({ to: recipient, value: 12345n, from: wallet.account.address.toLowerCase() });

    expect(server.requestsTo("POST", "/transactions/index").map((r) => r.body)).toEqual([
      { chainId, txHash: sent?.hash, requestId },
    ]);
    expect(server.requestsTo("GET", statusPath).map((r) => r.query.requestId)).toEqual([
      requestId,
      requestId,
    ]);

    expect(events.map((e) => e.type)).toEqual([
      "step:started",
      "item:started",
      "transaction:sent",
      "transaction:confirmed",
      "transaction:indexed",
      "check:status",
      "check:status",
      "item:completed",
      "step:completed",
    ]);
    expect(
      events.filter((e) => e.type === "check:status").map((e) => (e as { status: string }).status),
    ).toEqual(["waiting", "pending"]);
    expect(result.steps[0]?.items[0]?.status).toBe("complete");
    // The caller's quote is left as it was.
    expect(step.items[0]?.status).toBe("incomplete");
  });

  test("steps run in order and given gas fields are used", async () => {
    server.on("GET", statusPath, { body: statusResponse("pending") });
    const first = { ...deposit({ value: "1" }), id: "approve" };
    first.items = first.items.map((item) => ({ ...item, check: null })) as never;
    const second = deposit({
      value: "2",
      extra: { gas: "30000", maxFeePerGas: "3000000000", maxPriorityFeePerGas: 1000000000 },
    });
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([first, second]),
      wallet,
      ...fast,
    });
    expect(result.transactions.map((t) => t.stepId)).toEqual(["approve", "deposit"]);
    const [a, b] = await Promise.all(
      result.transactions.map((t) => publicClient.getTransaction({ hash: t.hash })),
    );
    expect(b?.nonce).toBe((a?.nonce ?? 0) + 1);
    expect(b).toMatchObject({
      gas: 30000n,
      maxFeePerGas: 3000000000n,
      maxPriorityFeePerGas: 1000000000n,
      value: 2n,
    });
    // The first item has no check: only the second was polled.
    expect(server.requestsTo("GET", statusPath)).toHaveLength(1);
  });

  test("chainId as a string is accepted", async () => {
    server.on("GET", statusPath, { body: statusResponse("success") });
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit({ chainId: String(chainId) })]),
      wallet,
      ...fast,
    });
    expect(result.transactions[0]?.chainId).toBe(chainId);
  });

  test("a reverted receipt is a TransactionRevertedError; nothing is indexed", async () => {
    const step = deposit({ to: revertingContract, value: "0", extra: { gas: "100000" } });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([step]),
      wallet,
      ...fast,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionRevertedError);
    expect(error).toMatchObject({ stepId: "deposit", chainId });
    const receipt = await publicClient.getTransactionReceipt({
      hash: (error as TransactionRevertedError).hash as Hex,
    });
    expect(receipt.status).toBe("reverted");
    expect(server.requestsTo("POST", "/transactions/index")).toHaveLength(0);
  });

  test("a step on another chain: the wallet cannot switch, ChainMismatchError, nothing sent", async () => {
    const nonce = await publicClient.getTransactionCount({ address: wallet.account.address });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit({ chainId: 8453 })]),
      wallet,
      ...fast,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainMismatchError);
    expect(error).toMatchObject({ expectedChainId: 8453, walletChainId: chainId });
    expect(await publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
  });

  test("switchChain: false refuses another chain without asking the wallet", async () => {
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit({ chainId: 10 })]),
      wallet,
      switchChain: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainMismatchError);
    expect((error as ChainMismatchError).cause).toBeUndefined();
  });

  test("a step for another sender is refused", async () => {
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit({ from: recipient })]),
      wallet,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountMismatchError);
  });

  test("a malformed transaction item is refused before sending", async () => {
    const nonce = await publicClient.getTransactionCount({ address: wallet.account.address });
    const cases: [Parameters<typeof deposit>[0], string][] = [
      [{ to: "0x12" }, "to is not an address"],
      [{ from: "bc1qxyz" }, "from is not an address"],
      [{ value: "1.5" }, 'value "1.5" is not an integer'],
      [{ chainId: "0" }, "chainId 0 is not a chain id"],
    ];
    for (const [overrides, reason] of cases) {
      const error = await executeSteps(client(), {
        ...unguarded,
        quote: quoteResponse([deposit(overrides)]),
        wallet,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidStepItemError);
      expect((error as InvalidStepItemError).shortMessage).toBe(
        `Step "deposit" item 0 cannot be executed: ${reason}.`,
      );
    }
    expect(await publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
  });

  test("a malformed later item stops the run before an earlier one is sent", async () => {
    const nonce = await publicClient.getTransactionCount({ address: wallet.account.address });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit(), { ...deposit({ value: "-1" }), id: "second" }]),
      wallet,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidStepItemError);
    expect((error as InvalidStepItemError).shortMessage).toBe(
      'Step "second" item 0 cannot be executed: value "-1" is not an integer.',
    );
    expect(await publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
    expect(server.requests).toHaveLength(0);
  });

  test("an indexing failure is reported, not fatal", async () => {
    server.on("POST", "/transactions/index", {
      status: 400,
      body: { message: "bad", errorCode: "INVALID_INPUT" },
    });
    server.on("GET", statusPath, { body: statusResponse("pending") });
    const events: ExecuteStepsProgressEvent[] = [];
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
      onProgress: (e) => events.push(e),
    });
    expect(result.steps[0]?.items[0]?.status).toBe("complete");
    const failed = events.find((e) => e.type === "transaction:index-failed") as
      | { error: unknown }
      | undefined;
    expect(failed?.error).toMatchObject({ status: 400 });
  });

  test("items already complete are skipped", async () => {
    const step = deposit();
    step.items[0] = { ...step.items[0], status: "complete" } as (typeof step.items)[number];
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([step]),
      wallet,
      ...fast,
    });
    expect(result.transactions).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("check endpoint", () => {
  test("refund ends the step with StepCheckFailedError and the reason", async () => {
    server.on("GET", statusPath, { body: statusResponse("waiting") }, { body: statusResponse("refund") });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepCheckFailedError);
    expect(error).toMatchObject({ status: "refund", stepId: "deposit" });
    expect((error as StepCheckFailedError).metaMessages).toEqual(["Fail reason: SOLVER_CAPACITY_EXCEEDED"]);
  });

  test("a failure followed by pending completes", async () => {
    server.on("GET", statusPath, { body: statusResponse("failure") }, { body: statusResponse("pending") });
    await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
      failureGraceMs: 1000,
    });
    expect(server.requestsTo("GET", statusPath)).toHaveLength(2);
  });

  test("a failure that stands for the grace period fails the step", async () => {
    server.on("GET", statusPath, { body: statusResponse("failure") });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
      failureGraceMs: 30,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "StepCheckFailedError", status: "failure" });
  });

  test("waiting past checkTimeoutMs is a StepCheckTimeoutError", async () => {
    server.on("GET", statusPath, { body: statusResponse("waiting") });
    const error = await executeSteps(inMemoryClient(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
      checkTimeoutMs: 50,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepCheckTimeoutError);
    expect((error as StepCheckTimeoutError).lastStatus).toBe("waiting");
  });

  test("a check answer without a status is retried, counted, and not polled past the timeout", async () => {
    server.on("GET", statusPath, { body: { result: "ok" } });
    const error = await executeSteps(inMemoryClient(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
      checkTimeoutMs: 150,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepCheckTimeoutError);
    const reads = server.requestsTo("GET", statusPath).length;
    expect(reads).toBeGreaterThan(1);
    // The read in flight at the deadline is cut off, not counted.
    expect((error as StepCheckTimeoutError).transientFailures).toBeGreaterThanOrEqual(reads - 1);
    expect((error as StepCheckTimeoutError).transientFailures).toBeLessThanOrEqual(reads);
  });

  test("a malformed answer mid-check, then a status, completes the step", async () => {
    server.on(
      "GET",
      statusPath,
      { raw: "<html>" },
      { body: { result: "ok" } },
      { body: statusResponse("pending") },
    );
    await executeSteps(client(), { ...unguarded, quote: quoteResponse([deposit()]), wallet, ...fast });
    expect(server.requestsTo("GET", statusPath)).toHaveLength(3);
  });

  test("a check endpoint that answers 404 for ever ends with RequestNotFoundError after the window", async () => {
    server.on("GET", statusPath, { status: 404, body: { message: "unknown" } });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
      notFoundWindowMs: 60,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestNotFoundError);
    expect(error).toMatchObject({ endpoint: expect.stringMatching(`^${statusPath}`), windowMs: 60 });
  });

  test("an unknown status from a check ends at once with UnknownStatusError", async () => {
    server.on("GET", statusPath, { body: statusResponse("exploded") });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "UnknownStatusError", status: "exploded" });
    expect(server.requestsTo("GET", statusPath)).toHaveLength(1);
  });

  test("an outage during the check is waited out", async () => {
    server.on(
      "GET",
      statusPath,
      { status: 502, raw: "bad gateway" },
      { status: 404, body: { message: "unknown" } },
      { body: statusResponse("submitted") },
    );
    await executeSteps(createBaseClient({ network: { baseUrl: server.url }, retry: false }), {
      ...unguarded,
      quote: quoteResponse([deposit()]),
      wallet,
      ...fast,
    });
    expect(server.requestsTo("GET", statusPath)).toHaveLength(3);
  });
});

describe("abort", () => {
  test("an aborted signal sends nothing", async () => {
    const nonce = await publicClient.getTransactionCount({ address: wallet.account.address });
    await expect(
      executeSteps(client(), {
        ...unguarded,
        quote: quoteResponse([deposit()]),
        wallet,
        signal: AbortSignal.abort(),
      }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(await publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
    expect(server.requests).toHaveLength(0);
  });

  test("an abort while checking rejects promptly and starts no later step", async () => {
    server.on("GET", statusPath, { body: statusResponse("waiting") });
    const controller = new AbortController();
    const events: string[] = [];
    const run = executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit(), { ...deposit(), id: "second" }]),
      wallet,
      // Ten minutes between polls, longer than the test may run: only the abort ends the check.
      checkIntervalMs: 600_000,
      signal: controller.signal,
      onProgress: (e) => {
        events.push(e.type);
        if (e.type === "check:status") setTimeout(() => controller.abort(), 10);
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortError);
    expect(events.filter((e) => e === "step:started")).toHaveLength(1);
  });
});

describe("signature steps", () => {
  const account = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
  // Signing is local; any RPC call would be a bug.
  const local = createWalletClient({
    account,
    transport: custom({
      request: async ({ method }) => {
        throw new Error(`unexpected RPC ${method}`);
      },
    }),
  });
  const hash32 = `0x${"ab".repeat(32)}` as const;
  const signatureStep = (
    sign: Record<string, unknown>,
    post: Record<string, unknown> = {},
    id = "authorize",
  ) => ({
    id,
    action: "Sign",
    description: "Sign to authorize",
    kind: "signature",
    requestId,
    items: [
      {
        status: "incomplete",
        data: {
          sign,
          post: { endpoint: "/authorize", method: "POST", body: { kind: "x", requestId }, ...post },
        },
        check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
      },
    ],
  });

  test("eip191 with a 32-byte hex message signs the raw bytes and posts ?signature=", async () => {
    server.on("POST", "/authorize", { body: { message: "ok" } });
    server.on("GET", statusPath, { body: statusResponse("pending") });
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([signatureStep({ signatureKind: "eip191", message: hash32 })]),
      wallet: local,
      ...fast,
    });
    const signature = result.signatures[0]?.signature as Hex;
    expect(await recoverMessageAddress({ message: { raw: hash32 }, signature })).toBe(account.address);
    // Signing the 66 characters as text would give another signer.
    expect(await recoverMessageAddress({ message: hash32, signature })).not.toBe(account.address);
    const [post] = server.requestsTo("POST", "/authorize");
    expect(post?.query).toEqual({ signature });
    expect(post?.body).toEqual({ kind: "x", requestId });
  });

  test("eip191 with any other message signs it as text", async () => {
    server.on("POST", "/authorize", { body: {} });
    server.on("GET", statusPath, { body: statusResponse("pending") });
    const message = "Authorize request 0x12";
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([signatureStep({ signatureKind: "eip191", message })]),
      wallet: local,
      ...fast,
    });
    expect(await recoverMessageAddress({ message, signature: result.signatures[0]?.signature as Hex })).toBe(
      account.address,
    );
  });

  test("eip712 signs domain, types, primaryType and value", async () => {
    server.on("POST", "/authorize", { body: {} });
    server.on("GET", statusPath, { body: statusResponse("pending") });
    const typed = {
      domain: {
        name: "Relay",
        version: "1",
        chainId: 1,
        verifyingContract: "0x4cd00e387622c35bddb9b4c962c136462338bc31",
      },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Authorize: [
          { name: "requestId", type: "bytes32" },
          { name: "amount", type: "uint256" },
        ],
      },
      primaryType: "Authorize",
      value: { requestId, amount: "1000" },
    };
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([signatureStep({ signatureKind: "eip712", ...typed })]),
      wallet: local,
      ...fast,
    });
    const { EIP712Domain: _, ...types } = typed.types;
    const valid = await verifyTypedData({
      address: account.address,
      domain: { ...typed.domain, verifyingContract: typed.domain.verifyingContract as Hex },
      types,
      primaryType: "Authorize",
      message: { requestId, amount: 1000n },
      signature: result.signatures[0]?.signature as Hex,
    });
    expect(valid).toBe(true);
  });

  test("steps in the post's answer are appended and run", async () => {
    const next = signatureStep(
      { signatureKind: "eip191", message: "second" },
      { endpoint: "/authorize-2" },
      "authorize-2",
    );
    server.on("POST", "/authorize", { body: { steps: [next] } });
    server.on("POST", "/authorize-2", { body: {} });
    server.on("GET", statusPath, { body: statusResponse("pending") });
    const events: ExecuteStepsProgressEvent[] = [];
    const result = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([signatureStep({ signatureKind: "eip191", message: "first" })]),
      wallet: local,
      ...fast,
      onProgress: (e) => events.push(e),
    });
    expect(result.steps.map((s) => s.id)).toEqual(["authorize", "authorize-2"]);
    expect(result.signatures.map((s) => s.stepId)).toEqual(["authorize", "authorize-2"]);
    expect(server.requestsTo("POST", "/authorize-2")).toHaveLength(1);
    expect(events.filter((e) => e.type === "steps:appended")).toHaveLength(1);
    expect(
      events.filter((e) => e.type === "step:completed").map((e) => (e as { stepIndex: number }).stepIndex),
    ).toEqual([0, 1]);
  });

  test("an unknown signatureKind is refused before signing", async () => {
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: { steps: [signatureStep({ signatureKind: "eip999", message: "x" })] } as never,
      wallet: local,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "InvalidResponseError" });
    expect(server.requests).toHaveLength(0);
  });
});

describe("handlers", () => {
  const psbtStep = {
    id: "deposit",
    kind: "transaction",
    requestId,
    items: [
      {
        status: "incomplete",
        data: { psbt: "70736274ff01007d0200" },
        check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
      },
    ],
  };
  const transfer = (memo = requestId.slice(2)) => ({
    type: "transfer",
    parameters: {
      toAccountIndex: 17,
      assetIndex: 0,
      fromRouteType: 1,
      toRouteType: 1,
      amount: 5_000_000,
      usdcFee: 100,
      memo,
    },
  });
  const exchangeStep = (action: unknown) => ({
    id: "deposit",
    kind: "transaction",
    requestId,
    items: [{ status: "incomplete", data: { action }, check: null }],
  });

  test("a PSBT goes to signPsbt, then the check confirms it", async () => {
    server.on("GET", statusPath, { body: statusResponse("pending") });
    const seen: string[] = [];
    const events: ExecuteStepsProgressEvent[] = [];
    await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([psbtStep]),
      wallet,
      ...fast,
      handlers: {
        signPsbt: async ({ psbt, step }) => {
          seen.push(`${step.id}:${psbt}`);
          return { txHash: "ab".repeat(32) };
        },
      },
      onProgress: (e) => events.push(e),
    });
    expect(seen).toEqual(["deposit:70736274ff01007d0200"]);
    expect(events.find((e) => e.type === "handler:completed")).toMatchObject({
      handler: "signPsbt",
      result: { txHash: "ab".repeat(32) },
    });
    expect(server.requestsTo("GET", statusPath)).toHaveLength(1);
  });

  test("a missing signPsbt fails before any earlier step is sent", async () => {
    const nonce = await publicClient.getTransactionCount({ address: wallet.account.address });
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([deposit(), psbtStep]),
      wallet,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingStepHandlerError);
    expect(error).toMatchObject({ handler: "signPsbt", stepId: "deposit" });
    expect(await publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
    expect(server.requests).toHaveLength(0);
  });

  test("an exchange transfer is checked, then handed to submitExchangeTransfer", async () => {
    const submitted: unknown[] = [];
    await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([exchangeStep(transfer())]),
      wallet,
      handlers: { submitExchangeTransfer: async ({ transfer }) => void submitted.push(transfer) },
    });
    expect(submitted).toEqual([transfer()]);
  });

  test("a memo that is not 32 bytes of hex is refused before the handler runs (the guard compares it with the order id)", async () => {
    const submitted: unknown[] = [];
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([exchangeStep(transfer(`${"00".repeat(31)}`))]),
      wallet,
      handlers: { submitExchangeTransfer: async ({ transfer }) => void submitted.push(transfer) },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidExchangeTransferError);
    expect(error).toMatchObject({ field: "action.parameters.memo" });
    expect(submitted).toEqual([]);
  });

  test("a fractional amount is refused", async () => {
    const action = transfer();
    action.parameters.amount = 1.5;
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([exchangeStep(action)]),
      wallet,
      handlers: { submitExchangeTransfer: async () => undefined },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "InvalidExchangeTransferError", field: "action.parameters.amount" });
  });

  test("a missing submitExchangeTransfer is a MissingStepHandlerError", async () => {
    const error = await executeSteps(client(), {
      ...unguarded,
      quote: quoteResponse([exchangeStep(transfer())]),
      wallet,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingStepHandlerError);
    expect((error as MissingStepHandlerError).handler).toBe("submitExchangeTransfer");
  });
});

test("an item the executor does not know is refused before anything runs", async () => {
  const step = {
    id: "mystery",
    kind: "signature",
    requestId,
    items: [{ status: "incomplete", data: { to: recipient, data: "0x", chainId } }],
  };
  const error = await executeSteps(client(), { ...unguarded, quote: quoteResponse([step]), wallet }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidStepItemError);
  expect((error as InvalidStepItemError).shortMessage).toBe(
    'Step "mystery" item 0 cannot be executed: unknown item shape for a "signature" step (expected to/data, sign/post, psbt or action).',
  );
});

test("a step whose items is not an array is refused", async () => {
  const error = await executeSteps(client(), {
    ...unguarded,
    quote: { steps: [{ id: "x", kind: "transaction", items: {} }] } as never,
    wallet,
  }).catch((e: unknown) => e);
  expect(error).toMatchObject({ name: "InvalidResponseError" });
});
