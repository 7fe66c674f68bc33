// Exchange -> EVM through the client: the quote's step carries the `transfer` action (relayer
// account, asset 0, route types, amount, usdcFee, memo = the signed order id); executeSteps checks it and
// hands it to the caller's submitExchangeTransfer, which posts it to the devnet's exchange API with
// the account's API key; the devnet matches the memo to the request and fills on the EVM chain.
import { createPublicClient, createWalletClient, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { devnetBytes32Encoders } from "../../attestkit/src/attestation/devnetBytes32Encoder.js";
import { UnsupportedVmTypeError } from "../../attestkit/src/attestation/errors.js";
import { verifyAttestation } from "../../attestkit/src/attestation/verifyAttestation.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import type { Devnet } from "../src/createDevnet.js";

const { devnet } = useDevnet({ bitcoinBlockTimeMs: 0 });

type Account = Devnet["info"]["exchange"]["testAccounts"][number];
const account = (index: number) => devnet().info.exchange.testAccounts[index] as Account;

async function postQuote(body: Record<string, unknown>) {
  const response = await fetch(`${devnet().url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The caller's exchange client: submits the checked transfer with the account's own API key. */
const submitter =
  (apiKey: string, submitted: unknown[]) =>
  async ({ transfer }: { transfer: { parameters: Record<string, unknown> } }) => {
    const response = await fetch(`${devnet().info.exchange.apiUrl}/transfer`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(transfer.parameters),
    });
    const body = await response.json();
    if (response.status !== 200) throw new Error(JSON.stringify(body));
    submitted.push(body);
    return body;
  };

const quoteBody = (user: string, overrides: Record<string, unknown> = {}) => ({
  user,
  recipient: "0xe0c0100000000000000000000000000000000001",
  originChainId: externalExchange.chainId,
  destinationChainId: devnet().info.chains[1]?.chainId,
  originCurrency: externalExchange.currency,
  destinationCurrency: devnet().info.chains[1]?.contracts.token,
  amount: "50000000",
  tradeType: "EXACT_INPUT",
  ...overrides,
});

test("exchange -> EVM: transfer action with memo = the order id, submitted by the caller, filled on the EVM chain", async () => {
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });
  const user = account(0);
  const before = devnet().exchange.balance({ accountIndex: user.accountIndex, assetIndex: 0 });
  const quote = await client.getQuote(
    quoteBody(String(user.accountIndex)) as Parameters<typeof client.getQuote>[0],
  );
  const requestId = quote.steps[0]?.requestId as Hex;
  const orderId = quote.protocol?.v2?.orderId as Hex;
  const data = quote.steps[0]?.items[0]?.data as
    | { action: { type: string; parameters: Record<string, unknown> } }
    | undefined;
  const action = data?.action;
  expect(action).toEqual({
    type: "transfer",
    parameters: {
      toAccountIndex: devnet().info.exchange.relayerAccountIndex,
      assetIndex: 0,
      fromRouteType: 0,
      toRouteType: 0,
      amount: 50_000_000,
      usdcFee: 10_000,
      memo: orderId,
    },
  });
  const submitted: unknown[] = [];
  const evm = privateKeyToAccount(devnet().info.testAccounts[0]?.privateKey as Hex);
  const destination = devnet().info.chains[1] as Devnet["info"]["chains"][number];
  await executeSteps(client, {
    quote,
    wallet: createWalletClient({ account: evm, transport: http(destination.rpcUrl), pollingInterval: 50 }),
    handlers: { submitExchangeTransfer: submitter(user.apiKey, submitted) },
    checkIntervalMs: 20,
  });
  expect(submitted).toHaveLength(1);
  const final = await waitForStatus(client, { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  expect(final.inTxHashes).toEqual([devnet().exchange.getTransfersByMemo(orderId)[0]?.hash]);
  // Amount and fee left the account; the recipient got the quoted USDC on the EVM chain.
  expect(before - devnet().exchange.balance({ accountIndex: user.accountIndex, assetIndex: 0 })).toBe(
    50_010_000n,
  );
  const publicClient = createPublicClient({ transport: http(destination.rpcUrl) });
  const received = await publicClient.readContract({
    address: destination.contracts.token,
    abi: [
      {
        type: "function",
        name: "balanceOf",
        stateMutability: "view",
        inputs: [{ type: "address" }],
        outputs: [{ type: "uint256" }],
      },
    ],
    functionName: "balanceOf",
    args: ["0xe0c0100000000000000000000000000000000001"],
  });
  expect(received.toString()).toBe(quote.details?.currencyOut?.amount);

  // The attestation names the account index; it verifies with the devnet's encoder only.
  const signed = (await (await fetch(`${devnet().url}/requests/${requestId}/signature`)).json()) as {
    requestData: Record<string, unknown>;
    signature: Hex;
  };
  expect(signed, JSON.stringify(signed)).toHaveProperty("requestData");
  expect(signed.requestData).toMatchObject({ originUser: String(user.accountIndex), originCurrency: "0" });
  const verify = { requestId, ...signed, solvers: [devnet().info.solver.address] };
  await expect(verifyAttestation(verify)).rejects.toThrow(UnsupportedVmTypeError);
  expect((await verifyAttestation({ ...verify, encoders: devnetBytes32Encoders })).valid).toBe(true);
});

test("exchange -> EVM: a transfer of less than quoted is sent back to the account (refund)", async () => {
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });
  const user = account(1);
  const quote = await client.getQuote(
    quoteBody(String(user.accountIndex)) as Parameters<typeof client.getQuote>[0],
  );
  const requestId = quote.steps[0]?.requestId as Hex;
  const before = devnet().exchange.balance({ accountIndex: user.accountIndex, assetIndex: 0 });
  const submitted: unknown[] = [];
  await submitter(
    user.apiKey,
    submitted,
  )({
    transfer: {
      parameters: {
        toAccountIndex: 1000,
        assetIndex: 0,
        fromRouteType: 0,
        toRouteType: 0,
        amount: 49_000_000,
        usdcFee: 0,
        memo: requestId,
      },
    },
  });
  const final = await waitForStatus(client, { requestId, intervalMs: 20 });
  expect(final.status).toBe("refund");
  expect(final.failReason).toBe("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
  expect(devnet().exchange.balance({ accountIndex: user.accountIndex, assetIndex: 0 })).toBe(before);
});

test("exchange -> EVM refusals: balance below amount + usdcFee (INSUFFICIENT_FUNDS), bad user and refundTo", async () => {
  const user = String(account(2).accountIndex);
  const over = await postQuote(quoteBody(user, { amount: String(1_000_000n * 10n ** 6n) }));
  expect(over).toMatchObject({ status: 400, body: { errorCode: "INSUFFICIENT_FUNDS" } });
  const exact = await postQuote(quoteBody(user, { amount: String(1_000_000n * 10n ** 6n - 10_000n) }));
  expect(exact.status).toBe(200);
  const badRefund = await postQuote(quoteBody(user, { refundTo: zeroAddress }));
  expect(badRefund).toMatchObject({ status: 400, body: { errorCode: "INVALID_ADDRESS" } });
  const badUser = await postQuote(quoteBody("0xe0c0100000000000000000000000000000000001"));
  expect(badUser.status).toBe(400);
});
