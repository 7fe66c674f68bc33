// Wallet screening, as the official SDK's routes and types give it: POST /wallets/screen/override
// blocks a wallet, GET /wallets/screen/info reports it. A blocked wallet gets no quote
// (SANCTIONED_WALLET_ADDRESS); a request whose recipient is blocked after its quote is not filled:
// refunded with failReason BLOCKED_WALLET, a deposit address's funds to the quote's recoveryAddress
// ("can recover deposit-address funds if the recipient wallet is later blocked"), else to refundTo.
import { type Address, type Hex, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet, origin, destination, reader, account, wallet, client } = useDevnet({ bitcoinBlockTimeMs: 0 });
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;

/** Sets a wallet's screening override. */
async function override(walletAddress: string, action: "ALLOW" | "BLOCK" | "NONE") {
  const response = await fetch(`${devnet().url}/wallets/screen/override`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ wallet: walletAddress, action, reason: "devnet test" }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

const info = async (walletAddress: string) =>
  (await fetch(`${devnet().url}/wallets/screen/info?wallet=${walletAddress}`)).json();

/** An open deposit-address quote, ETH to ETH, from test account 1, optionally with a recovery address. */
const depositAddressQuote = (recipient: Address, extra: Record<string, unknown> = {}) =>
  client().getQuote({
    user: account(1).address,
    recipient,
    refundTo: account(1).address,
    useDepositAddress: true,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  });

test("default: recipient blocked after the quote; the deposit address's funds go to recoveryAddress, BLOCKED_WALLET", async () => {
  const recipient = fresh();
  const recoveryAddress = fresh();
  const quote = await depositAddressQuote(recipient, { recoveryAddress });
  const requestId = quote.requestId as Hex;
  const depositAddress = quote.steps[0]?.depositAddress as Address;
  expect(await override(recipient, "BLOCK")).toEqual({ message: `Override BLOCK set for ${recipient}` });
  expect(await info(recipient.toLowerCase())).toMatchObject({
    isBlocked: true,
    override: "BLOCK",
    reason: "devnet test",
  });
  const amount = parseEther("0.01");
  await reader(origin()).waitForTransactionReceipt({
    hash: await wallet(1).sendTransaction({ to: depositAddress, value: amount, chain: null }),
  });
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(final).toMatchObject({ status: "refund", failReason: "BLOCKED_WALLET" });
  expect(await reader(destination()).getBalance({ address: recipient })).toBe(0n);
  expect(await reader(origin()).getBalance({ address: recoveryAddress })).toBe(amount);
  const listed = await fetch(`${devnet().url}/requests/v3?id=${requestId}`, {
    headers: { "x-api-key": "screening-test" },
  });
  const { requests } = (await listed.json()) as { requests: { depositAddress: unknown }[] };
  expect(requests[0]?.depositAddress).toMatchObject({ address: depositAddress, recoveryAddress });
  await override(recipient, "NONE");
  expect(await info(recipient)).toMatchObject({ isBlocked: false, override: "NONE", reason: null });
});

test("a blocked wallet gets no quote: SANCTIONED_WALLET_ADDRESS; ALLOW lifts it", async () => {
  const recipient = fresh();
  await override(recipient, "BLOCK");
  await expect(depositAddressQuote(recipient)).rejects.toMatchObject({
    status: 400,
    code: "SANCTIONED_WALLET_ADDRESS",
  });
  await override(recipient, "ALLOW");
  expect(await info(recipient)).toMatchObject({ isBlocked: false, override: "ALLOW" });
  expect((await depositAddressQuote(recipient)).steps[0]?.depositAddress).toMatch(/^0x/);
});

test("Bitcoin deposit address without recoveryAddress: refunded in BTC to refundTo, BLOCKED_WALLET", async () => {
  const user = bitcoinTestWallets[3] as (typeof bitcoinTestWallets)[number];
  const recipient = fresh();
  const amount = 2_000_000n;
  const quote = await client().getQuote({
    user: user.p2wpkhAddress,
    recipient,
    refundTo: user.p2trAddress,
    useDepositAddress: true,
    strict: true,
    originChainId: bitcoin.chainId,
    destinationChainId: destination().chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.requestId as Hex;
  await override(recipient, "BLOCK");
  payFromBitcoinWallet({
    chain: devnet().bitcoin,
    wallet: user,
    to: quote.steps[0]?.depositAddress as string,
    amount,
    requestId,
  });
  devnet().bitcoin.mine();
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(final).toMatchObject({ status: "refund", failReason: "BLOCKED_WALLET" });
  expect(
    devnet()
      .bitcoin.getUtxos(user.p2trAddress)
      .some((utxo) => utxo.value === amount),
  ).toBe(true);
  expect(await reader(destination()).getBalance({ address: recipient })).toBe(0n);
});

test("a malformed screening call is a 400 naming the field, checked with the shared request schemas", async () => {
  const post = await fetch(`${devnet().url}/wallets/screen/override`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ wallet: fresh(), action: "MAYBE" }),
  });
  expect(post.status).toBe(400);
  expect(JSON.stringify(await post.json())).toContain("action");
  const get = await fetch(`${devnet().url}/wallets/screen/info`);
  expect(get.status).toBe(400);
  expect(JSON.stringify(await get.json())).toContain("wallet");
});
