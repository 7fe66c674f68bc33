// No coin without an owner: every form of deposit into the devnet's depository (and into a deposit
// address) ends credited to its request or refunded to its sender with the live service's reason.
// The forms: `depositNative` / `depositErc20` (the quote's own steps, covered by the other suites),
// an ERC-20 `transfer(depository, amount)` with the order id (or the request id) as the calldata's
// trailing 32 bytes (protocol-v2-orders.md §4), made by the sender or by a contract; a plain token
// transfer and a plain native transfer (no id: an orphan); a deposit under an id no quote has (an
// orphan); a deposit in a currency the quote did not ask for (INCORRECT_DEPOSIT_CURRENCY). An orphan
// waits `orphanRefundDelayMs` (the solver's clock, moved here by `ahead`), `pending` and owned, then
// goes back as ORPHANED_DEPOSIT_REFUND, also across a restart. The harness checks the invariant after
// every test; one test shows what it reports for a coin that has no owner.
import { devnetDepositoryAbi } from "attestkit/contracts";
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  parseEther,
  toHex,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { checkNoCoinWithoutOwner } from "../../../test/support/checkNoCoinWithoutOwner.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { defaultOrphanRefundDelayMs, nativeCurrencyAddress } from "../src/constants.js";
import { devnetMulticall3Abi, devnetTokenAbi } from "../src/contracts/abis.js";
import { devnetTokenBytecode } from "../src/contracts/bytecodes.js";
import { createDevnet } from "../src/createDevnet.js";
import type { CoinOwnershipReport } from "../src/invariant/types.js";
import { derivedRequestId } from "../src/solver/decidePayment.js";

/** How far the solver's clock runs ahead of the wall clock, ms: moved past an orphan's window. */
let ahead = 0;
const { devnet, origin, destination, reader, account, wallet, client, usdcOf } = useDevnet({
  now: () => Date.now() + ahead,
  rpcAdmin: true,
});

const zeroId = `0x${"00".repeat(32)}` as Hex;

/** Sends a transaction from test account `index` on the origin chain; answers its hash once mined (status 1). */
async function send(index: number, tx: { to: Address; data?: Hex; value?: bigint }) {
  const hash = await wallet(index).sendTransaction({ chain: null, ...tx });
  const receipt = await reader(origin()).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  expect(receipt.status).toBe("success");
  return { hash, receipt };
}

/** `transfer(depository, amount)`, with `id` as the trailing 32 bytes when given. */
const transferToDepository = (amount: bigint, id?: Hex) => {
  const call = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [origin().contracts.depository, amount],
  });
  return id === undefined ? call : concat([call, id]);
};

/** A USDC bridge quoted for test account `index`: its ids and the amounts in and out. */
async function quoteUsdc(index: number) {
  const quote = await client().getQuote({
    user: account(index).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "5000000",
    tradeType: "EXACT_INPUT",
  });
  return {
    requestId: quote.requestId as Hex,
    orderId: (quote as { protocol: { v2: { orderId: Hex } } }).protocol.v2.orderId,
    amountIn: BigInt(quote.details?.currencyIn?.amount as string),
    amountOut: BigInt(quote.details?.currencyOut?.amount as string),
  };
}

/** Indexes a transaction through `POST /transactions/index`; answers the requests of its deposits. */
async function indexed(txHash: Hex) {
  const answer = (await client().indexTransaction({ chainId: origin().chainId, txHash })) as {
    message: string;
    deposits: { requestId: Hex; currency: string; amount: string; from: string }[];
  };
  return answer;
}

/** Moves the solver's clock past the orphan window and lets the devnet carry out what became due. */
async function passOrphanWindow() {
  ahead += defaultOrphanRefundDelayMs;
  await devnet().idle();
}

/** A token the devnet does not know, deployed and minted (1,000 units) to test account 6. */
let other: Address | undefined;
async function otherToken(): Promise<Address> {
  if (other) return other;
  const hash = await wallet(6).deployContract({
    chain: null,
    abi: devnetTokenAbi,
    bytecode: devnetTokenBytecode,
    args: ["Other", "OTH", 18],
  });
  const deployed = await reader(origin()).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  other = getAddress(deployed.contractAddress as Address);
  await send(6, {
    to: other,
    data: encodeFunctionData({
      abi: devnetTokenAbi,
      functionName: "mint",
      args: [account(6).address, parseEther("1000")],
    }),
  });
  return other;
}

const balanceOf = (token: Address, owner: Address) =>
  reader(origin()).readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

test("default: a token transfer with the order id as the calldata's trailing 32 bytes is credited and filled", async () => {
  const { requestId, orderId, amountIn, amountOut } = await quoteUsdc(1);
  const { hash } = await send(1, {
    to: origin().contracts.token,
    data: transferToDepository(amountIn, orderId),
  });
  // Formerly "Transaction has no deposit": the tokens sat in the depository, the request `waiting`.
  expect(await indexed(hash)).toEqual({
    message: "Transaction indexed",
    deposits: [
      { requestId, currency: origin().contracts.token, amount: `${amountIn}`, from: account(1).address },
    ],
  });
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(final).toMatchObject({ status: "success", inTxHashes: [hash] });
  expect(await usdcOf(destination(), account(1).address)).toBeGreaterThanOrEqual(amountOut);
});

test("the request id as the trailing bytes credits it too, in a transfer a contract makes (read from the trace)", async () => {
  const { requestId, amountIn } = await quoteUsdc(2);
  const multicall = origin().contracts.multicall3 as Address;
  await send(2, {
    to: origin().contracts.token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [multicall, amountIn] }),
  });
  const { hash } = await send(2, {
    to: multicall,
    data: encodeFunctionData({
      abi: devnetMulticall3Abi,
      functionName: "aggregate3",
      args: [
        [
          {
            target: origin().contracts.token,
            allowFailure: false,
            callData: transferToDepository(amountIn, requestId),
          },
        ],
      ],
    }),
  });
  await devnet().idle();
  expect(await client().getStatus({ requestId })).toMatchObject({ status: "success", inTxHashes: [hash] });
});

test("a plain token transfer (no id) is an orphan: pending for the window, then refunded to its sender (ORPHANED_DEPOSIT_REFUND)", async () => {
  const sender = account(3).address;
  const before = await usdcOf(origin(), sender);
  const { hash } = await send(3, { to: origin().contracts.token, data: transferToDepository(1_234_567n) });
  const [deposit] = (await indexed(hash)).deposits;
  const orphan = deposit?.requestId as Hex;
  expect(deposit).toMatchObject({ amount: "1234567", from: sender });
  expect(orphan).not.toBe(zeroId);
  await devnet().idle();
  expect(await client().getStatus({ requestId: orphan })).toMatchObject({
    status: "pending",
    inTxHashes: [hash],
  });
  expect(await usdcOf(origin(), sender)).toBe(before - 1_234_567n);
  // While it waits, the orphan owns the tokens.
  expect((await checkNoCoinWithoutOwner(devnet())).ok).toBe(true);

  await passOrphanWindow();
  const refunded = await client().getStatus({ requestId: orphan });
  expect(refunded).toMatchObject({ status: "refund", failReason: "ORPHANED_DEPOSIT_REFUND" });
  expect(refunded.details).toMatchObject({
    refund: { recipient: sender, amount: "1234567", currency: origin().contracts.token },
  });
  expect(await usdcOf(origin(), sender)).toBe(before);
});

test("a plain native transfer (formerly refused by the depository) is an orphan refunded to its sender", async () => {
  const sender = account(4).address;
  const { hash, receipt } = await send(4, { to: origin().contracts.depository, value: parseEther("0.03") });
  // Recorded under the zero id, which no request has: the orphan's id is derived from the deposit.
  const orphan = derivedRequestId({
    id: zeroId,
    txHash: hash,
    logIndex: receipt.logs[0]?.logIndex as number,
  });
  expect((await indexed(hash)).deposits).toEqual([
    {
      requestId: orphan,
      currency: nativeCurrencyAddress,
      amount: parseEther("0.03").toString(),
      from: sender,
    },
  ]);
  await devnet().idle();
  expect((await client().getStatus({ requestId: orphan })).status).toBe("pending");
  await passOrphanWindow();
  expect(await client().getStatus({ requestId: orphan })).toMatchObject({
    status: "refund",
    failReason: "ORPHANED_DEPOSIT_REFUND",
    details: { refund: { recipient: sender, amount: parseEther("0.03").toString() } },
  });
});

test("deposits under an id no quote has are orphans (formerly UNKNOWN at once), each refunded to its own sender", async () => {
  const unknown = keccak256(toHex("an id no quote has"));
  const depositNative = (index: number) =>
    send(index, {
      to: origin().contracts.depository,
      data: encodeFunctionData({
        abi: devnetDepositoryAbi,
        functionName: "depositNative",
        args: [zeroAddress, unknown],
      }),
      value: parseEther("0.01"),
    });
  await depositNative(5);
  // A second deposit under the same id is an orphan of its own, not a double spend of the first.
  const second = await depositNative(7);
  const secondOrphan = derivedRequestId({
    id: unknown,
    txHash: second.hash,
    logIndex: second.receipt.logs[0]?.logIndex as number,
  });
  await devnet().idle();
  expect((await client().getStatus({ requestId: unknown })).status).toBe("pending");
  expect((await client().getStatus({ requestId: secondOrphan })).status).toBe("pending");
  await passOrphanWindow();
  for (const [requestId, index] of [
    [unknown, 5],
    [secondOrphan, 7],
  ] as const)
    expect(await client().getStatus({ requestId })).toMatchObject({
      status: "refund",
      failReason: "ORPHANED_DEPOSIT_REFUND",
      details: { refund: { recipient: account(index).address } },
    });
});

test("a deposit in a currency the quote did not ask for is refunded at once with INCORRECT_DEPOSIT_CURRENCY, in that currency", async () => {
  const token = await otherToken();
  const { requestId, orderId } = await quoteUsdc(6);
  const before = await balanceOf(token, account(6).address);
  const { hash } = await send(6, { to: token, data: transferToDepository(parseEther("5"), orderId) });
  expect((await indexed(hash)).deposits).toMatchObject([{ requestId, currency: token }]);
  await devnet().idle();
  expect(await client().getStatus({ requestId })).toMatchObject({
    status: "refund",
    failReason: "INCORRECT_DEPOSIT_CURRENCY",
    details: {
      refund: { currency: token, amount: parseEther("5").toString(), recipient: account(6).address },
    },
  });
  expect(await balanceOf(token, account(6).address)).toBe(before);
});

test("a deposit address paid in a token the quote did not ask for is swept and refunded (formerly left there)", async () => {
  const token = await otherToken();
  const user = account(6).address;
  const quote = await client().getQuote({
    user,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
  });
  const requestId = quote.requestId as Hex;
  const address = quote.steps[0]?.depositAddress as Address;
  const before = await balanceOf(token, user);
  await send(6, {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [address, parseEther("2")] }),
  });
  await devnet().idle();
  expect(await client().getStatus({ requestId })).toMatchObject({
    status: "refund",
    failReason: "INCORRECT_DEPOSIT_CURRENCY",
  });
  expect(await balanceOf(token, address)).toBe(0n);
  expect(await balanceOf(token, user)).toBe(before);
});

test("GET /devnet/invariant names a coin without an owner: chain, holder, currency, expected, actual", async () => {
  const depository = origin().contracts.depository;
  const balance = await reader(origin()).getBalance({ address: depository });
  const setBalance = (value: bigint) =>
    fetch(origin().rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "hardhat_setBalance",
        params: [depository, toHex(value)],
      }),
    });
  await setBalance(balance + 1n);
  try {
    const report = (await (await fetch(`${devnet().url}/devnet/invariant`)).json()) as CoinOwnershipReport;
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([
      {
        rule: "native-balance",
        chainId: origin().chainId,
        holder: depository,
        currency: zeroAddress,
        expected: `${balance}`,
        actual: `${balance + 1n}`,
        requests: [],
      },
    ]);
    await expect(checkNoCoinWithoutOwner(devnet())).rejects.toThrow(
      `native-balance on chain ${origin().chainId}, ${depository}, currency ${zeroAddress}: expected ${balance}, actual ${balance + 1n}`,
    );
  } finally {
    await setBalance(balance);
  }
});

describe("with a state directory", () => {
  test("an orphan waiting for its window survives a restart, and is refunded once the window has passed", async () => {
    const stateDir = makeTempDir("orphan-restart");
    let skew = 0;
    const options = { port: 0, stateDir, indexIntervalMs: 50, now: () => Date.now() + skew, log: () => {} };
    const first = await createDevnet(options);
    let orphan: Hex;
    const chain = first.info.chains[0] as (typeof first.info.chains)[number];
    try {
      const sender = first.info.testAccounts[8] as { privateKey: Hex };
      const hash = await createWalletClient({
        account: privateKeyToAccount(sender.privateKey),
        transport: http(chain.rpcUrl),
      }).sendTransaction({ chain: null, to: chain.contracts.depository, value: parseEther("0.02") });
      await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({
        hash,
        pollingInterval: 20,
      });
      const answer = (await (
        await fetch(`${first.url}/transactions/index`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ chainId: chain.chainId, txHash: hash }),
        })
      ).json()) as { deposits: { requestId: Hex }[] };
      orphan = answer.deposits[0]?.requestId as Hex;
      await first.idle();
      expect(await statusOf(first.url, orphan)).toMatchObject({ status: "pending" });
    } finally {
      await first.stop();
    }
    skew = defaultOrphanRefundDelayMs;
    const second = await createDevnet(options);
    try {
      await second.idle();
      expect(await statusOf(second.url, orphan)).toMatchObject({
        status: "refund",
        failReason: "ORPHANED_DEPOSIT_REFUND",
      });
      expect((await checkNoCoinWithoutOwner(second)).ok).toBe(true);
    } finally {
      await second.stop();
    }
  });
});

async function statusOf(url: string, requestId: Hex) {
  return (await fetch(`${url}/intents/status/v3?requestId=${requestId}`)).json();
}
