// Same-chain requests on the devnet (the interface: "by default same-chain swaps are self-executed;
// forceSolverExecution: true forces solver execution"). A self-executed quote's steps are the user's
// own transactions (a transfer, a wrap or unwrap through the devnet's WETH, a swap through its
// router at terms the solver signed), without an order or solver fees; `POST /transactions/single`
// (what the official SDK posts after such a transaction) reports it and the request is `success`
// with the one transaction as both deposit and fill. With forceSolverExecution the solver deposits
// and fills as on any route.
import { type Address, erc20Abi, type Hex, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { PaymentMismatchError } from "../../attestkit/src/client/errors/payment.js";
import type { ExecuteStepsProgressEvent } from "../../attestkit/src/client/steps/types.js";

const { devnet, origin, reader, account, wallet, client, usdcOf } = useDevnet();

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const weth = () => origin().contracts.weth as Address;
const wethOf = (owner: Address) =>
  reader(origin()).readContract({ address: weth(), abi: erc20Abi, functionName: "balanceOf", args: [owner] });

type Item = { data: { to: Address; data: Hex; value: string } };

async function sameChainQuote(
  index: number,
  from: Address,
  to: Address,
  amount: bigint,
  extra: Record<string, unknown> = {},
) {
  const recipient = fresh();
  const quote = await client().getQuote({
    user: account(index).address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: origin().chainId,
    originCurrency: from,
    destinationCurrency: to,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  });
  return { quote, recipient };
}

/** Sends every item of the quote's steps from test account `index`, as a wallet would; the hashes. */
async function execute(index: number, steps: { items: unknown[] }[]): Promise<Hex[]> {
  const hashes: Hex[] = [];
  for (const step of steps)
    for (const item of step.items as Item[]) {
      const hash = await wallet(index).sendTransaction({
        to: item.data.to,
        data: item.data.data,
        value: BigInt(item.data.value),
        chain: null,
      });
      expect((await reader(origin()).waitForTransactionReceipt({ hash })).status).toBe("success");
      hashes.push(hash);
    }
  return hashes;
}

/** What the official SDK posts after a same-chain transaction (`postSameChainTransactionToSolver`). */
async function postSingle(requestId: string, item: Item, txHash: Hex, chainId = origin().chainId) {
  const response = await fetch(`${devnet().url}/transactions/single`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      tx: JSON.stringify({ ...item.data, txHash }),
      chainId: String(chainId),
      requestId,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("self-executed by default", () => {
  test("default: ETH -> USDC on one chain is one swap step through the devnet's router, no order, no solver fee; /transactions/single makes it success", async () => {
    const { quote, recipient } = await sameChainQuote(
      1,
      zeroAddress,
      origin().contracts.token,
      parseEther("1"),
    );
    expect(quote.steps.map((step) => step.id)).toEqual(["swap"]);
    const item = quote.steps[0]?.items[0] as unknown as Item;
    expect(item.data).toMatchObject({ to: origin().contracts.swapRouter, value: parseEther("1").toString() });
    expect(quote.protocol).toBeUndefined();
    expect(quote.details?.operation).toBe("swap");
    expect(quote.fees?.relayer?.amount).toBe("0");
    const requestId = quote.requestId as string;
    expect((await client().getStatus({ requestId })).status).toBe("waiting");

    const [hash] = await execute(1, quote.steps);
    expect(await usdcOf(origin(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
    expect(await postSingle(requestId, item, hash as Hex)).toEqual({
      status: 200,
      body: { message: "Transaction confirmed" },
    });
    const status = await client().getStatus({ requestId });
    expect(status).toMatchObject({ status: "success", inTxHashes: [hash], txHashes: [hash] });
    // The same report again answers the same.
    expect((await postSingle(requestId, item, hash as Hex)).body).toEqual({
      message: "Transaction confirmed",
    });
  });

  test("this client: the payment guard refuses a self-executed swap it cannot decode, with nothing sent; the item accepted as printed, it sends the swap and reports it to /transactions/single: success", async () => {
    const { quote, recipient } = await sameChainQuote(
      8,
      zeroAddress,
      origin().contracts.token,
      parseEther("1"),
    );
    const nonce = await reader(origin()).getTransactionCount({ address: account(8).address });
    const refused = await executeSteps(client(), { quote, wallet: wallet(8) }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PaymentMismatchError);
    const check = (refused as PaymentMismatchError).check;
    expect(check).toMatchObject({
      name: "item",
      reason: "undecoded-item",
      acceptAs: expect.stringMatching(/^swap\[0\]@[0-9a-f]{16}$/),
    });
    expect((refused as PaymentMismatchError).message).toContain(`acceptItems: ["${check.acceptAs}"]`);
    expect((refused as PaymentMismatchError).message).toContain("forceSolverExecution: true");
    expect(await reader(origin()).getTransactionCount({ address: account(8).address })).toBe(nonce);

    const events: ExecuteStepsProgressEvent[] = [];
    const result = await executeSteps(client(), {
      quote,
      wallet: wallet(8),
      verify: { acceptItems: [check.acceptAs as string] },
      checkIntervalMs: 20,
      onProgress: (event) => events.push(event),
    });
    const [sent] = result.transactions;
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "transaction:indexed",
        endpoint: "/transactions/single",
        hash: sent?.hash,
      }),
    );
    expect(await client().getStatus({ requestId: quote.requestId as string })).toMatchObject({
      status: "success",
      inTxHashes: [sent?.hash],
      txHashes: [sent?.hash],
    });
    expect(await usdcOf(origin(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
  });

  test("USDC -> ETH: approve the router, then swap; the approval's report is noted, the swap's confirms", async () => {
    const { quote, recipient } = await sameChainQuote(
      2,
      origin().contracts.token,
      zeroAddress,
      3_000_000_000n,
    );
    expect(quote.steps.map((step) => step.id)).toEqual(["approve", "swap"]);
    const [approve, swap] = await execute(2, quote.steps);
    const requestId = quote.requestId as string;
    const items = quote.steps.map((step) => step.items[0] as unknown as Item);
    expect((await postSingle(requestId, items[0] as Item, approve as Hex)).body.message).toMatch(/noted/);
    expect((await client().getStatus({ requestId })).status).toBe("waiting");
    expect((await postSingle(requestId, items[1] as Item, swap as Hex)).status).toBe(200);
    expect((await client().getStatus({ requestId })).status).toBe("success");
    expect(await reader(origin()).getBalance({ address: recipient })).toBe(
      BigInt(quote.details?.currencyOut?.amount as string),
    );
  });

  test("send: the same currency is a plain transfer to the recipient, the whole amount", async () => {
    const { quote, recipient } = await sameChainQuote(3, zeroAddress, zeroAddress, parseEther("0.5"));
    expect(quote.steps.map((step) => step.id)).toEqual(["send"]);
    expect(quote.details?.operation).toBe("send");
    expect(quote.details?.currencyOut?.amount).toBe(parseEther("0.5").toString());
    const item = quote.steps[0]?.items[0] as unknown as Item;
    expect(item.data).toMatchObject({ to: recipient, data: "0x" });
    const [hash] = await execute(3, quote.steps);
    await postSingle(quote.requestId as string, item, hash as Hex);
    expect((await client().getStatus({ requestId: quote.requestId as string })).status).toBe("success");
    expect(await reader(origin()).getBalance({ address: recipient })).toBe(parseEther("0.5"));
  });

  test("wrap and unwrap through the devnet's WETH (depositTo / withdrawTo), 1:1", async () => {
    const wrap = await sameChainQuote(4, zeroAddress, weth(), parseEther("2"));
    expect(wrap.quote.details?.operation).toBe("wrap");
    expect(wrap.quote.details?.currencyOut?.amount).toBe(parseEther("2").toString());
    await execute(4, wrap.quote.steps);
    expect(await wethOf(wrap.recipient)).toBe(parseEther("2"));

    // Account 4 wraps for itself, then unwraps to a fresh recipient.
    const own = await client().getQuote({
      user: account(4).address,
      originChainId: origin().chainId,
      destinationChainId: origin().chainId,
      originCurrency: zeroAddress,
      destinationCurrency: weth(),
      amount: parseEther("1").toString(),
      tradeType: "EXACT_INPUT",
    });
    await execute(4, own.steps);
    const unwrap = await sameChainQuote(4, weth(), zeroAddress, parseEther("1"));
    expect(unwrap.quote.details?.operation).toBe("unwrap");
    expect(unwrap.quote.steps.map((step) => step.id)).toEqual(["swap"]);
    await execute(4, unwrap.quote.steps);
    expect(await reader(origin()).getBalance({ address: unwrap.recipient })).toBe(parseEther("1"));
  });

  test("/transactions/single refuses what is not the request's: another sender, a solver request, another chain", async () => {
    const { quote } = await sameChainQuote(5, zeroAddress, zeroAddress, parseEther("0.1"));
    const item = quote.steps[0]?.items[0] as unknown as Item;
    const [hash] = await execute(6, quote.steps);
    expect(await postSingle(quote.requestId as string, item, hash as Hex)).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST" },
    });
    expect(
      (await postSingle(quote.requestId as string, item, hash as Hex, devnet().info.chains[1]?.chainId)).body,
    ).toMatchObject({ errorCode: "UNSUPPORTED_CHAIN" });
    expect((await postSingle(`0x${"ab".repeat(32)}`, item, hash as Hex)).status).toBe(404);
    const bridge = await client().getQuote({
      user: account(5).address,
      originChainId: origin().chainId,
      destinationChainId: devnet().info.chains[1]?.chainId as number,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.1").toString(),
      tradeType: "EXACT_INPUT",
    });
    expect((await postSingle(bridge.requestId as string, item, hash as Hex)).body).toMatchObject({
      errorCode: "INVALID_REQUEST",
    });
  });
});

describe("forceSolverExecution", () => {
  test("sends a same-chain swap through the solver: a depository deposit with its order, filled on the same chain", async () => {
    const { quote, recipient } = await sameChainQuote(
      7,
      zeroAddress,
      origin().contracts.token,
      parseEther("1"),
      {
        forceSolverExecution: true,
      },
    );
    expect(quote.steps.map((step) => step.id)).toEqual(["deposit"]);
    expect((quote.steps[0]?.items[0] as unknown as Item | undefined)?.data.to).toBe(
      origin().contracts.depository,
    );
    expect(quote.protocol?.v2?.orderId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(quote.fees?.relayer?.amount as string)).toBeGreaterThan(0n);
    await executeSteps(client(), { quote, wallet: wallet(7), checkIntervalMs: 20 });
    await devnet().idle();
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    expect(await usdcOf(origin(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
    expect(final.inTxHashes?.[0]).not.toBe(final.txHashes?.[0]);
  });
});
