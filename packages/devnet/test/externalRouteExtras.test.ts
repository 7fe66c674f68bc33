// The extras of the routes to and from Bitcoin and the exchange, end to end through the client with
// the payment guard on: to the exchange, app fees and sponsorship (the EVM origin's sponsor pays
// the sponsored part) and a permit (the EIP-3009 token's signature, the solver submits it); from
// Bitcoin and from the exchange, app fees (the order pays them on the EVM destination, where their
// recipients are) and a gas top-up paid to the recipient with the fill. App fees accrue to their
// recipient once filled; sponsorship, paid by the sponsor on the EVM destination in the output
// currency. Fields that ask for nothing on these routes (usePermit from Bitcoin, topupGas and
// authorizationList to the exchange) are ignored, as the live service's rules say.
import { type Address, createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { finalizePsbt } from "../src/bitcoin/finalizePsbt.js";
import { signPsbt } from "../src/bitcoin/signPsbt.js";
import { devnetSponsorAddress } from "../src/constants.js";
import type { Devnet } from "../src/createDevnet.js";

const { devnet, origin, destination, account, client, wallet, reader, usdcOf } = useDevnet({
  bitcoinBlockTimeMs: 0,
});
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;

/** The recipient's app fee balances (USDC), as `GET /app-fees/{wallet}/balances` answers. */
async function appFeeBalance(owner: Address): Promise<bigint> {
  const response = await fetch(`${devnet().url}/app-fees/${owner}/balances`);
  const { balances } = (await response.json()) as { balances: { amount: string }[] };
  return balances.reduce((sum, balance) => sum + BigInt(balance.amount), 0n);
}

/** An EVM -> exchange quote of 25 USDC from test account `index` to account index 1008. */
const toExchange = (index: number, extra: Record<string, unknown>) =>
  client().getQuote({
    user: account(index).address,
    recipient: "1008",
    originChainId: origin().chainId,
    destinationChainId: externalExchange.chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: externalExchange.currency,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
    ...extra,
  });

describe("to the exchange", () => {
  test("default: app fees and sponsorship: priced, named in the order, paid; the fee accrues to its recipient", async () => {
    const app = fresh();
    const quote = await toExchange(1, { appFees: [{ recipient: app, fee: "100" }], subsidizeFees: true });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    // 1 % of the input is the app fee; every fee is sponsored.
    expect(quote.fees?.app?.amount).toBe("250000");
    expect(BigInt(quote.feeSponsorship?.quoted?.sponsoredTotal?.amount as string)).toBeGreaterThan(0n);
    const order = quote.protocol?.v2?.orderData as { fees: { recipient: string; amount: string }[] };
    const fees = order.fees;
    expect(fees).toEqual([expect.objectContaining({ recipient: app.toLowerCase(), amount: "250000" })]);
    const sponsorBefore = await usdcOf(origin(), devnetSponsorAddress);
    await executeSteps(client(), { quote, wallet: wallet(1), checkIntervalMs: 20 });
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    await devnet().idle();
    expect(await appFeeBalance(app)).toBe(250_000n);
    expect(sponsorBefore - (await usdcOf(origin(), devnetSponsorAddress))).toBe(
      BigInt(quote.feeSponsorship?.quoted?.sponsoredTotal?.amount as string),
    );
  });

  test("usePermit: one signature step, the solver submits the permit; filled", async () => {
    const before = devnet().exchange.balance({ accountIndex: 1008, assetIndex: 0 });
    const quote = await toExchange(2, { usePermit: true });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    expect(quote.steps.map((step) => step.kind)).toEqual(["signature"]);
    await executeSteps(client(), { quote, wallet: wallet(2), checkIntervalMs: 20 });
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    const credited = devnet().exchange.balance({ accountIndex: 1008, assetIndex: 0 }) - before;
    expect(credited.toString()).toBe(quote.details?.currencyOut?.amount);
  });

  test("explicitDeposit: false: the token's transfer to the depository with the order id trailing, through the guard; filled", async () => {
    const quote = await toExchange(4, { explicitDeposit: false });
    expect(quote.steps.map((step) => step.id)).toEqual(["deposit"]);
    const item = quote.steps[0]?.items[0]?.data as { to: string; data: string };
    expect(item.to).toBe(origin().contracts.token);
    const orderId = String(quote.protocol?.v2?.orderId);
    expect(item.data.endsWith(orderId.slice(2))).toBe(true);
    await executeSteps(client(), { quote, wallet: wallet(4), checkIntervalMs: 20 });
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
  });

  test("topupGas and authorizationList ask for nothing: no gas currency to top up, no EVM transaction to carry them; filled", async () => {
    const authority = privateKeyToAccount(generatePrivateKey());
    const authorization = await authority.signAuthorization({
      chainId: destination().chainId,
      address: origin().contracts.token,
      nonce: 0,
    });
    const quote = await toExchange(3, {
      topupGas: true,
      topupGasAmount: "3000000",
      authorizationList: [
        {
          chainId: authorization.chainId,
          address: authorization.address,
          nonce: authorization.nonce,
          yParity: authorization.yParity,
          r: authorization.r,
          s: authorization.s,
        },
      ],
    });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    expect(quote.details).not.toHaveProperty("currencyGasTopup");
    const plain = await toExchange(3, {});
    expect(quote.details?.currencyOut?.amount).toBe(plain.details?.currencyOut?.amount);
    const before = devnet().exchange.balance({ accountIndex: 1008, assetIndex: 0 });
    await executeSteps(client(), { quote, wallet: wallet(3), checkIntervalMs: 20 });
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    const credited = devnet().exchange.balance({ accountIndex: 1008, assetIndex: 0 }) - before;
    expect(credited.toString()).toBe(quote.details?.currencyOut?.amount);
  });
});

describe("from Bitcoin", () => {
  type Wallet = Devnet["info"]["bitcoin"]["testWallets"][number];
  const btcWallet = (index: number) => devnet().info.bitcoin.testWallets[index] as Wallet;

  test("app fees and a gas top-up: the order pays the fee on the destination; the recipient gets the top-up with the fill", async () => {
    const user = btcWallet(4);
    const app = fresh();
    const recipient = fresh();
    const quote = await client().getQuote({
      user: user.p2wpkhAddress,
      recipient,
      originChainId: bitcoin.chainId,
      destinationChainId: destination().chainId,
      originCurrency: bitcoin.nativeCurrency,
      destinationCurrency: destination().contracts.token,
      amount: "1000000",
      tradeType: "EXACT_INPUT",
      appFees: [{ recipient: app, fee: "50" }],
      topupGas: true,
    });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    expect(quote.fees?.app?.amount).toBe("5000");
    const topup = BigInt(quote.details?.currencyGasTopup?.amount as string);
    expect(topup).toBeGreaterThan(0n);
    // Paid on the EVM destination, the order's output chain: Bitcoin cannot encode an EVM recipient.
    const order = quote.protocol?.v2?.orderData as {
      fees: { recipientChainId: string; recipient: string }[];
      output: { chainId: string };
    };
    expect(order.fees).toEqual([
      expect.objectContaining({ recipientChainId: order.output.chainId, recipient: app.toLowerCase() }),
    ]);
    const evm = createWalletClient({
      account: account(4),
      transport: http(destination().rpcUrl),
      pollingInterval: 50,
    });
    const execution = executeSteps(client(), {
      quote,
      wallet: evm,
      handlers: {
        signPsbt: async ({ psbt }: { psbt: string }) => {
          const { transaction } = finalizePsbt({
            psbt: signPsbt({ psbt, privateKey: user.privateKey }).psbt,
          });
          const response = await fetch(`${devnet().info.bitcoin.esploraUrl}/tx`, {
            method: "POST",
            body: transaction,
          });
          return { txHash: await response.text() };
        },
      },
      checkIntervalMs: 20,
    });
    const requestId = quote.requestId as string;
    // One block confirms the deposit.
    await new Promise((resolve) => setTimeout(resolve, 200));
    devnet().bitcoin.mine(1);
    await execution;
    const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
    expect(final.status).toBe("success");
    expect(await usdcOf(destination(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
    expect(await reader(destination()).getBalance({ address: recipient })).toBe(topup);
    await devnet().idle();
    expect(await appFeeBalance(app)).toBeGreaterThan(0n);
  });

  test("subsidizeFees: the sponsor pays the sponsored fees' worth in the output on the destination; usePermit asks for nothing (BTC is no EIP-3009 token)", async () => {
    const user = btcWallet(5);
    const recipient = fresh();
    const body = {
      user: user.p2wpkhAddress,
      recipient,
      originChainId: bitcoin.chainId,
      destinationChainId: destination().chainId,
      originCurrency: bitcoin.nativeCurrency,
      destinationCurrency: destination().contracts.token,
      amount: "1000000",
      tradeType: "EXACT_INPUT" as const,
    };
    const plain = await client().getQuote(body);
    const quote = await client().getQuote({ ...body, subsidizeFees: true, usePermit: true });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    // The PSBT step as without usePermit: no signature step.
    expect(quote.steps.map((step) => step.id)).toEqual(plain.steps.map((step) => step.id));
    const sponsored = BigInt(quote.feeSponsorship?.quoted?.sponsoredTotal?.amount as string);
    expect(sponsored).toBeGreaterThan(0n);
    // The fees the sponsor pays are the user's no more: the output grows.
    expect(BigInt(quote.details?.currencyOut?.amount as string)).toBeGreaterThan(
      BigInt(plain.details?.currencyOut?.amount as string),
    );
    const payment = quote.feeSponsorship?.actual?.sponsorPayment as {
      amount: string;
      address: string;
      chainId: number;
    };
    expect(payment).toMatchObject({ chainId: destination().chainId, address: destination().contracts.token });
    expect(BigInt(payment.amount)).toBeGreaterThan(0n);
    const sponsorBefore = await usdcOf(destination(), devnetSponsorAddress);
    const evm = createWalletClient({
      account: account(6),
      transport: http(destination().rpcUrl),
      pollingInterval: 50,
    });
    const execution = executeSteps(client(), {
      quote,
      wallet: evm,
      handlers: {
        signPsbt: async ({ psbt }: { psbt: string }) => {
          const { transaction } = finalizePsbt({
            psbt: signPsbt({ psbt, privateKey: user.privateKey }).psbt,
          });
          const response = await fetch(`${devnet().info.bitcoin.esploraUrl}/tx`, {
            method: "POST",
            body: transaction,
          });
          return { txHash: await response.text() };
        },
      },
      checkIntervalMs: 20,
    });
    const requestId = quote.requestId as string;
    await new Promise((resolve) => setTimeout(resolve, 200));
    devnet().bitcoin.mine(1);
    await execution;
    expect((await waitForStatus(client(), { requestId, intervalMs: 20 })).status).toBe("success");
    expect(await usdcOf(destination(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
    await devnet().idle();
    expect(sponsorBefore - (await usdcOf(destination(), devnetSponsorAddress))).toBe(BigInt(payment.amount));
    const status = await client().getStatus({ requestId });
    expect(
      (status.details as { feeSponsorship?: { actual: { sponsorPayment: unknown } } } | null)?.feeSponsorship
        ?.actual.sponsorPayment,
    ).toMatchObject({ ...payment, payer: devnetSponsorAddress, status: "success" });
  });
});

describe("from the exchange", () => {
  test("app fees and a gas top-up: priced, the fee paid on the destination, the top-up with the fill", async () => {
    const sender = devnet().info.exchange.testAccounts[4] as { accountIndex: number; apiKey: string };
    const app = fresh();
    const recipient = fresh();
    const quote = await client().getQuote({
      user: String(sender.accountIndex),
      recipient,
      originChainId: externalExchange.chainId,
      destinationChainId: destination().chainId,
      originCurrency: externalExchange.currency,
      destinationCurrency: destination().contracts.token,
      amount: "30000000",
      tradeType: "EXACT_INPUT",
      appFees: [{ recipient: app, fee: "20" }],
      topupGas: true,
    });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    expect(quote.fees?.app?.amount).toBe("60000");
    const topup = BigInt(quote.details?.currencyGasTopup?.amount as string);
    const evm = createWalletClient({
      account: account(5),
      transport: http(destination().rpcUrl),
      pollingInterval: 50,
    });
    await executeSteps(client(), {
      quote,
      wallet: evm,
      handlers: {
        submitExchangeTransfer: async ({
          transfer,
        }: {
          transfer: { parameters: Record<string, unknown> };
        }) => {
          const response = await fetch(`${devnet().info.exchange.apiUrl}/transfer`, {
            method: "POST",
            headers: { authorization: `Bearer ${sender.apiKey}`, "content-type": "application/json" },
            body: JSON.stringify(transfer.parameters),
          });
          expect(response.status).toBe(200);
          return response.json();
        },
      },
      checkIntervalMs: 20,
    });
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    expect(await usdcOf(destination(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
    expect(await reader(destination()).getBalance({ address: recipient })).toBe(topup);
    await devnet().idle();
    expect(await appFeeBalance(app)).toBe(60_000n);
  });
});
