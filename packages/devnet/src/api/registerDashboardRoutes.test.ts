import { createPublicClient, createWalletClient, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  devnetSolverAddress,
  devnetSponsorAddress,
  testAccountNativeBalance,
  testAccountTokenBalance,
} from "../constants.js";
import { createDevnet, type Devnet } from "../createDevnet.js";
import type { DevnetOverview, OverviewAccount } from "../dashboard/createOverviewReader.js";

type Chain = Devnet["info"]["chains"][number];
type Account = { address: Hex; privateKey: Hex };

let devnet: Devnet;

beforeAll(async () => {
  devnet = await createDevnet({ port: 0, indexIntervalMs: 20, bitcoinBlockTimeMs: 0, log: () => {} });
});
afterAll(async () => {
  await devnet?.stop();
});

const overview = async () => {
  const response = await fetch(`${devnet.url}/devnet/overview`);
  expect(response.status).toBe(200);
  return (await response.json()) as DevnetOverview;
};
const balancesOf = (accounts: OverviewAccount[], address: string) =>
  Object.fromEntries(
    (accounts.find((a) => a.address === address)?.balances ?? []).map((b) => [
      `${b.symbol}@${b.chainId}`,
      b.amount,
    ]),
  );

test("default: chains with heights, funded accounts, contracts and prices", async () => {
  const { chains, accounts, contracts, prices, readAt } = await overview();
  const [origin, destination] = devnet.info.chains as [Chain, Chain];
  expect(readAt).toBeGreaterThan(0);
  expect(chains.map((c) => [c.chainId, c.vmType, c.role, c.mining])).toEqual([
    [origin.chainId, "evm", "origin", "instant"],
    [destination.chainId, "evm", "destination", "instant"],
    [8253038, "bvm", "bitcoin", "on demand"],
    [3586256, "lvm", "exchange", "none"],
  ]);
  // Deploying and funding took blocks; the exchange has none.
  expect(chains[0]?.height).toBeGreaterThan(0);
  expect(chains[2]?.height).toBe(devnet.bitcoin.height());
  expect(chains[3]?.height).toBeNull();
  expect(chains[0]?.url).toBe(origin.rpcUrl);
  expect(chains[2]?.url).toBe(`${devnet.url}/bitcoin/api`);

  const evm = accounts.filter((a) => a.vmType === "evm");
  expect(evm.map((a) => a.label)).toEqual([
    ...Array.from({ length: 10 }, (_, i) => `test ${i}`),
    "solver",
    "sponsor",
  ]);
  expect(evm.at(-2)?.address).toBe(devnetSolverAddress);
  expect(evm.at(-1)?.address).toBe(devnetSponsorAddress);
  const funded = {
    [`ETH@${origin.chainId}`]: testAccountNativeBalance.toString(),
    [`USDC@${origin.chainId}`]: testAccountTokenBalance.toString(),
    [`ETH@${destination.chainId}`]: testAccountNativeBalance.toString(),
    [`USDC@${destination.chainId}`]: testAccountTokenBalance.toString(),
  };
  expect(balancesOf(evm, devnet.info.testAccounts[9]?.address as string)).toEqual(funded);
  expect(balancesOf(evm, devnetSponsorAddress)).toEqual(funded);

  const bitcoinAccounts = accounts.filter((a) => a.vmType === "bvm");
  expect(bitcoinAccounts).toHaveLength(21);
  const wallet = devnet.bitcoin.wallets[0];
  expect(balancesOf(bitcoinAccounts, wallet?.p2trAddress as string)).toEqual({ "BTC@8253038": "1000000000" });
  const exchange = accounts.filter((a) => a.vmType === "lvm");
  expect(exchange.map((a) => a.address)).toEqual([
    ...Array.from({ length: 10 }, (_, i) => String(1001 + i)),
    "1000",
  ]);
  expect(balancesOf(exchange, "1001")).toEqual({ "USDC (Perp)@3586256": "1000000000000" });

  expect(contracts.map((c) => [c.chainId, c.name, c.address])).toEqual([
    [origin.chainId, "depository", origin.contracts.depository],
    [origin.chainId, "token", origin.contracts.token],
    [origin.chainId, "depositAddressFactory", origin.contracts.depositAddressFactory],
    [origin.chainId, "attestationVerifier", origin.contracts.attestationVerifier],
    [origin.chainId, "attestedDepositReceiver", origin.contracts.attestedDepositReceiver],
    [origin.chainId, "weth", origin.contracts.weth],
    [origin.chainId, "swapRouter", origin.contracts.swapRouter],
    [origin.chainId, "multicall3", origin.contracts.multicall3],
    [origin.chainId, "onlyOwnerMulticaller", origin.contracts.onlyOwnerMulticaller],
    [origin.chainId, "orderVerifier", origin.contracts.orderVerifier],
    [origin.chainId, "receiver", origin.contracts.receiver],
    [destination.chainId, "depository", destination.contracts.depository],
    [destination.chainId, "token", destination.contracts.token],
    [destination.chainId, "depositAddressFactory", destination.contracts.depositAddressFactory],
    [destination.chainId, "weth", destination.contracts.weth],
    [destination.chainId, "swapRouter", destination.contracts.swapRouter],
    [destination.chainId, "multicall3", destination.contracts.multicall3],
    [destination.chainId, "onlyOwnerMulticaller", destination.contracts.onlyOwnerMulticaller],
    [destination.chainId, "orderVerifier", destination.contracts.orderVerifier],
    [destination.chainId, "receiver", destination.contracts.receiver],
  ]);
  // The depository holds the token liquidity of fills: 1,000,000,000 USDC.
  expect(contracts[0]?.balances.find((b) => b.symbol === "USDC")?.amount).toBe("1000000000000000");

  expect(prices.map((p) => [p.chainId, p.symbol, p.priceUsdMicros])).toEqual([
    [origin.chainId, "ETH", "3000000000"],
    [origin.chainId, "USDC", "1000000"],
    [origin.chainId, "WETH", "3000000000"],
    [destination.chainId, "ETH", "3000000000"],
    [destination.chainId, "USDC", "1000000"],
    [destination.chainId, "WETH", "3000000000"],
    [8253038, "BTC", "100000000000"],
    [3586256, "USDC (Perp)", "1000000"],
  ]);
});

test("each price carries its price at the devnet's start: a move shows against it, whenever the reader came", async () => {
  const move = (bps: number) =>
    fetch(`${devnet.url}/devnet/prices`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currency: "eth", bps }),
    });
  expect((await move(1_000)).status).toBe(200);
  try {
    const { prices, startedAt } = await overview();
    expect(startedAt).toBe(devnet.prices.settings.startMs);
    expect(
      prices
        .filter((p) => p.chainId === devnet.info.chains[0]?.chainId)
        .map((p) => [p.symbol, p.priceUsdMicros, p.startUsdMicros]),
    ).toEqual([
      ["ETH", "3300000000", "3000000000"],
      ["USDC", "1000000", "1000000"],
      ["WETH", "3300000000", "3000000000"],
    ]);
  } finally {
    expect((await move(-1_000)).status).toBe(200);
  }
});

test("a new block shows a new height and the balances read at it", async () => {
  const origin = devnet.info.chains[0] as Chain;
  const [from, to] = [devnet.info.testAccounts[4], devnet.info.testAccounts[5]] as [Account, Account];
  const before = await overview();
  // Read again at the same block: the same balances.
  expect((await overview()).accounts).toEqual(before.accounts);

  const wallet = createWalletClient({
    account: privateKeyToAccount(from.privateKey),
    transport: http(origin.rpcUrl),
  });
  const hash = await wallet.sendTransaction({ chain: null, to: to.address, value: parseEther("1") });
  await createPublicClient({ transport: http(origin.rpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  });
  devnet.bitcoin.mine(1);

  const after = await overview();
  expect(after.chains[0]?.height).toBe((before.chains[0]?.height ?? 0) + 1);
  expect(after.chains[1]?.height).toBe(before.chains[1]?.height);
  expect(after.chains[2]?.height).toBe((before.chains[2]?.height ?? 0) + 1);
  const key = `ETH@${origin.chainId}`;
  expect(BigInt(balancesOf(after.accounts, to.address)[key] as string)).toBe(
    BigInt(balancesOf(before.accounts, to.address)[key] as string) + parseEther("1"),
  );
  expect(BigInt(balancesOf(after.accounts, from.address)[key] as string)).toBeLessThan(
    BigInt(balancesOf(before.accounts, from.address)[key] as string) - parseEther("1"),
  );
});

test("the page, its assets and its icon", async () => {
  const page = await fetch(devnet.url);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  const html = await page.text();
  expect(html).toContain('<script type="module" src="/devnet/dashboard.js"></script>');
  expect(html).toContain('href="/favicon.ico"');

  const icon = await fetch(`${devnet.url}/favicon.ico`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get("content-type")).toBe("image/svg+xml");
  expect(await icon.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);

  for (const [path, type] of [
    ["/devnet/dashboard.js", "text/javascript; charset=utf-8"],
    ["/devnet/dashboard.css", "text/css; charset=utf-8"],
  ] as const) {
    const response = await fetch(`${devnet.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
  }
});

test("the overview is refused to other web pages, like every devnet endpoint", async () => {
  const response = await fetch(`${devnet.url}/devnet/overview`, {
    headers: { origin: "https://evil.example" },
  });
  expect(response.status).toBe(403);
});
