// Deposit addresses on the two devnet chains, through the client: the quote's address is the
// CREATE2 address of the order id and depositor (recomputed here from the factory and its
// implementation); a plain transfer into it moves the request to `depositing`, the devnet sweeps it
// into the depository under the order id and fills. Open: whatever arrives is filled at a re-quoted
// price. Strict (refundTo required): under -> refund, exact -> fill, over -> fill as quoted and
// refund the excess in a separate leg. Status and webhooks carry the depositAddress object. Only
// native-currency bridges get one (the interface): a USDC deposit address is refused by the client
// and the devnet alike, and `depositAddressOnly` lists the native currencies.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Address,
  createWalletClient,
  encodePacked,
  erc20Abi,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  parseEther,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createWebhookReceiver, type WebhookReceiver } from "../../../test/support/createWebhookReceiver.js";
import { type DevnetChain, useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { responseSchemas } from "../../attestkit/src/schemas/responses.js";
import { nativeCurrencyAddress } from "../src/constants.js";
import { devnetDepositAddressFactoryAbi } from "../src/contracts/abis.js";
import { createDevnet } from "../src/createDevnet.js";
import { computeQuoteAmounts } from "../src/quote/computeQuoteAmounts.js";

const apiKey = "deposit-address-key";
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await createWebhookReceiver({ secret: apiKey });
});
afterAll(async () => {
  await receiver?.close();
});

// Started after the receiver (hooks run in order) and stopped before it.
const { devnet, origin, destination, reader, account, wallet } = useDevnet(() => ({
  webhooks: { [apiKey]: receiver.url },
  webhookRetry: { baseDelayMs: 5, maxDelayMs: 40 },
}));

type Chain = DevnetChain;
const client = () =>
  createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
    apiKey,
  });
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const usdc = (chain: Chain) => chain.contracts.token;

async function nativeOf(chain: Chain, owner: Address) {
  return reader(chain).getBalance({ address: owner });
}
const statusesOf = (requestId: string) =>
  receiver
    .accepted()
    .filter(({ event }) => event.data.requestId === requestId)
    .map(({ event }) => event.data.status);

/** Sends a plain transfer (native or USDC) from test account `index` to `to`. */
async function transfer(index: number, currency: "native" | "usdc", to: Address, amount: bigint) {
  const w = wallet(index);
  const hash =
    currency === "native"
      ? await w.sendTransaction({ to, value: amount, chain: null })
      : await w.writeContract({
          address: usdc(origin()),
          abi: erc20Abi,
          functionName: "transfer",
          args: [to, amount],
          chain: null,
        });
  const receipt = await reader(origin()).waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return hash;
}

async function quote(
  user: Address,
  options: {
    currency: "native" | "usdc";
    amount: bigint;
    strict?: boolean;
    refundTo?: Address;
    recipient: Address;
  },
) {
  const native = options.currency === "native";
  return client().getQuote({
    user,
    recipient: options.recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: native ? nativeCurrencyAddress : usdc(origin()),
    destinationCurrency: native ? nativeCurrencyAddress : usdc(destination()),
    amount: options.amount.toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
    ...(options.strict ? { strict: true } : {}),
    ...(options.refundTo ? { refundTo: options.refundTo } : {}),
  });
}

async function waitFinal(requestId: string) {
  await devnet().idle();
  return waitForStatus(client(), { requestId, intervalMs: 20 });
}

describe("open deposit addresses", () => {
  test("default: native, paid through executeSteps: CREATE2 address, depositing, swept, filled; webhooks carry the depositAddress", async () => {
    const recipient = fresh();
    const user = account(1).address;
    const q = await quote(user, { currency: "native", amount: parseEther("1"), recipient });
    expect(q.steps).toHaveLength(1);
    const step = q.steps[0] as (typeof q.steps)[number];
    const address = step.depositAddress as Address;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The address is CREATE2 of the factory, salt keccak256(orderId ++ depositor), the init code of solady's minimal proxy of the implementation.
    const orderId = (q as { protocol: { v2: { orderId: Hex } } }).protocol.v2.orderId;
    const implementation = await reader(origin()).readContract({
      address: origin().contracts.depositAddressFactory,
      abi: devnetDepositAddressFactoryAbi,
      functionName: "IMPLEMENTATION",
    });
    const proxyInitCode =
      `0x602c3d8160093d39f33d3d3d3d363d3d37363d73${implementation.slice(2).toLowerCase()}5af43d3d93803e602a57fd5bf3` as Hex;
    expect(
      getContractAddress({
        opcode: "CREATE2",
        from: origin().contracts.depositAddressFactory,
        salt: keccak256(encodePacked(["bytes32", "address"], [orderId, user])),
        bytecode: proxyInitCode,
      }),
    ).toBe(address);
    // The step is a plain transfer to the address: no calldata, no approval.
    const item = step.items[0]?.data as { to: string; data: string; value: string };
    expect(item).toMatchObject({ to: address, data: "0x", value: parseEther("1").toString() });
    const requestId = q.requestId as Hex;
    const before = await client().getStatus({ requestId });
    expect(before.status).toBe("waiting");
    expect(before.depositAddress).toEqual({
      address,
      depositAddressType: "open",
      depositor: user,
      depositTxHash: null,
    });

    const result = await executeSteps(client(), { quote: q, wallet: wallet(1), checkIntervalMs: 20 });
    const final = await waitFinal(requestId);
    expect(final.status).toBe("success");
    expect(result.transactions).toHaveLength(1);
    expect(final.depositAddress).toEqual({
      address,
      depositAddressType: "open",
      depositor: user,
      depositTxHash: result.transactions[0]?.hash,
    });
    expect(await nativeOf(destination(), recipient)).toBe(BigInt(q.details?.currencyOut?.amount as string));
    // The address holds nothing after the sweep; the depository got it under the order id.
    expect(await nativeOf(origin(), address)).toBe(0n);
    await receiver.waitFor((accepted) =>
      accepted.some(({ event }) => event.data.requestId === requestId && event.data.status === "success"),
    );
    expect(statusesOf(requestId)).toEqual(["depositing", "pending", "submitted", "success"]);
    const depositing = receiver
      .accepted()
      .find(({ event }) => event.data.requestId === requestId && event.data.status === "depositing");
    expect(depositing?.event.data.depositAddress).toMatchObject({
      address,
      depositAddressType: "open",
      depositor: user,
    });
    expect(depositing?.event.data.depositAddress?.depositTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(responseSchemas.webhook.parse(depositing?.event).data.depositAddress?.address).toBe(address);
    // GET /requests/v3 finds the request by its deposit address and names it.
    const listed = (await fetch(`${devnet().url}/requests/v3?depositAddress=${address.toLowerCase()}`, {
      headers: { "x-api-key": apiKey },
    }).then((response) => response.json())) as {
      requests: { id: string; depositAddress: { address: string; type: string; depositor: string } | null }[];
    };
    expect(listed.requests.map((request) => request.id)).toEqual([requestId]);
    expect(listed.requests[0]?.depositAddress).toMatchObject({ address, type: "open", depositor: user });
  });

  test("less than quoted arrives: filled at a re-quoted price for the amount received", async () => {
    const recipient = fresh();
    const user = account(2).address;
    const q = await quote(user, { currency: "native", amount: parseEther("1"), recipient });
    const address = q.steps[0]?.depositAddress as Address;
    const sent = parseEther("0.4");
    const txHash = await transfer(2, "native", address, sent);
    const final = await waitFinal(q.requestId as Hex);
    expect(final.status).toBe("success");
    expect(final.depositAddress?.depositTxHash).toBe(txHash);
    const eth = {
      chainId: 0,
      address: nativeCurrencyAddress,
      symbol: "ETH",
      name: "Ether",
      decimals: 18,
      isNative: true,
      priceUsdMicros: 3_000_000_000n,
    };
    const { amountOut } = computeQuoteAmounts({
      tradeType: "EXACT_INPUT",
      amount: sent,
      currencyIn: eth as never,
      currencyOut: eth as never,
    });
    expect(amountOut).toBeLessThan(BigInt(q.details?.currencyOut?.amount as string));
    expect(await nativeOf(destination(), recipient)).toBe(amountOut);
    expect(final.details).toMatchObject({
      requote: { amountIn: sent.toString(), amountOut: amountOut.toString() },
    });
  });

  test("too little to cover the fees: refunded to the refund address", async () => {
    const recipient = fresh();
    const refundTo = fresh();
    const q = await quote(account(3).address, {
      currency: "native",
      amount: parseEther("1"),
      recipient,
      refundTo,
    });
    await transfer(3, "native", q.steps[0]?.depositAddress as Address, 5_000n);
    const final = await waitFinal(q.requestId as Hex);
    expect(final).toMatchObject({ status: "refund", failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" });
    expect(await nativeOf(origin(), refundTo)).toBe(5_000n);
    expect(await nativeOf(destination(), recipient)).toBe(0n);
  });
});

describe("where deposit addresses are allowed", () => {
  test("a token (USDC) is not a native-currency bridge: the client refuses before sending, the devnet answers 400 UNSUPPORTED_EXECUTION_TYPE", async () => {
    const error = await quote(account(2).address, {
      currency: "usdc",
      amount: 10_000_000n,
      recipient: fresh(),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "InvalidRequestError",
      field: "useDepositAddress",
      rule: "depositAddress:route",
    });
    const response = await fetch(`${devnet().url}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        user: account(2).address,
        originChainId: origin().chainId,
        destinationChainId: destination().chainId,
        originCurrency: usdc(origin()),
        destinationCurrency: usdc(destination()),
        amount: "10000000",
        tradeType: "EXACT_INPUT",
        useDepositAddress: true,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: "UNSUPPORTED_EXECUTION_TYPE" });
  });

  test("depositAddressOnly lists the native currencies", async () => {
    const groups = await client().getCurrencies({ depositAddressOnly: true });
    // BTC too: a quote from Bitcoin may use a (strict) deposit address.
    expect(groups.flat().map((currency) => `${currency.chainId}:${currency.symbol}`)).toEqual([
      `${origin().chainId}:ETH`,
      `${destination().chainId}:ETH`,
      "8253038:BTC",
    ]);
  });
});

describe("strict deposit addresses", () => {
  test("strict needs refundTo: a 400 before any address is made", async () => {
    const error = await client()
      .getQuote({
        user: account(4).address,
        originChainId: origin().chainId,
        destinationChainId: destination().chainId,
        originCurrency: nativeCurrencyAddress,
        destinationCurrency: nativeCurrencyAddress,
        amount: parseEther("1").toString(),
        tradeType: "EXACT_INPUT",
        useDepositAddress: true,
        strict: true,
      })
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toMatch(/refundTo/);
  });

  test("under: refunded in full to refundTo, nothing filled", async () => {
    const recipient = fresh();
    const refundTo = fresh();
    const q = await quote(account(4).address, {
      currency: "native",
      amount: parseEther("1"),
      strict: true,
      refundTo,
      recipient,
    });
    expect(
      (await client().getStatus({ requestId: q.requestId as Hex })).depositAddress?.depositAddressType,
    ).toBe("strict");
    await transfer(4, "native", q.steps[0]?.depositAddress as Address, parseEther("0.5"));
    const final = await waitFinal(q.requestId as Hex);
    expect(final).toMatchObject({ status: "refund", failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" });
    expect(await nativeOf(origin(), refundTo)).toBe(parseEther("0.5"));
    expect(await nativeOf(destination(), recipient)).toBe(0n);
  });

  test("exact: filled as quoted", async () => {
    const recipient = fresh();
    const refundTo = fresh();
    const q = await quote(account(5).address, {
      currency: "native",
      amount: parseEther("1"),
      strict: true,
      refundTo,
      recipient,
    });
    await transfer(5, "native", q.steps[0]?.depositAddress as Address, parseEther("1"));
    const final = await waitFinal(q.requestId as Hex);
    expect(final.status).toBe("success");
    expect(await nativeOf(destination(), recipient)).toBe(BigInt(q.details?.currencyOut?.amount as string));
    expect(await nativeOf(origin(), refundTo)).toBe(0n);
  });

  test("over: the quoted amount is filled, the excess refunded to refundTo in a separate leg", async () => {
    const recipient = fresh();
    const refundTo = fresh();
    const q = await quote(account(6).address, {
      currency: "native",
      amount: parseEther("1"),
      strict: true,
      refundTo,
      recipient,
    });
    await transfer(6, "native", q.steps[0]?.depositAddress as Address, parseEther("1.25"));
    const final = await waitFinal(q.requestId as Hex);
    expect(final.status).toBe("success");
    expect(await nativeOf(destination(), recipient)).toBe(BigInt(q.details?.currencyOut?.amount as string));
    await devnet().idle();
    const again = await client().getStatus({ requestId: q.requestId as Hex });
    const excess = (again.details as { excessRefund?: { amount: string; txHash: Hex } }).excessRefund;
    expect(excess?.amount).toBe(parseEther("0.25").toString());
    expect(excess?.txHash).not.toBe(final.txHashes?.[0]);
    expect(await nativeOf(origin(), refundTo)).toBe(parseEther("0.25"));
  });
});

describe("with a state directory", () => {
  test("a deposit address quoted before a restart is watched again: the transfer made after it is swept and filled", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-deposit-address-"));
    try {
      const first = await createDevnet({ port: 0, stateDir: dir, indexIntervalMs: 50, log: () => {} });
      const firstClient = createClient({
        network: { baseUrl: first.url },
        solvers: [first.info.solver.address],
        trustRoot: first.trustRoot,
      });
      const [firstOrigin, firstDestination] = first.info.chains as [Chain, Chain];
      const recipient = fresh();
      const quote = await firstClient.getQuote({
        user: account(7).address,
        recipient,
        originChainId: firstOrigin.chainId,
        destinationChainId: firstDestination.chainId,
        originCurrency: nativeCurrencyAddress,
        destinationCurrency: nativeCurrencyAddress,
        amount: parseEther("1").toString(),
        tradeType: "EXACT_INPUT",
        useDepositAddress: true,
      });
      await first.stop();

      const second = await createDevnet({ port: 0, stateDir: dir, indexIntervalMs: 50, log: () => {} });
      try {
        const [origin2, destination2] = second.info.chains as [Chain, Chain];
        const payer = createWalletClient({
          account: account(7),
          transport: http(origin2.rpcUrl),
          pollingInterval: 50,
        });
        await payer.sendTransaction({
          to: quote.steps[0]?.depositAddress as Address,
          value: parseEther("1"),
          chain: null,
        });
        const secondClient = createClient({
          network: { baseUrl: second.url },
          solvers: [second.info.solver.address],
          trustRoot: second.trustRoot,
        });
        await second.idle();
        const final = await waitForStatus(secondClient, {
          requestId: quote.requestId as string,
          intervalMs: 20,
        });
        expect(final.status).toBe("success");
        expect(await reader(destination2).getBalance({ address: recipient })).toBe(
          BigInt(quote.details?.currencyOut?.amount as string),
        );
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
