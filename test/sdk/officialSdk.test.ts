// The service's official SDK (@relayprotocol/relay-sdk 7.0.3, unchanged, a pinned dev dependency),
// set up only as its documentation tells a user: createClient with baseApiUrl and source, chains
// from the service's /chains (configureDynamicChains), a viem wallet client, getQuote and execute.
// Run against a devnet with instant mining and one with a block time (interval mining), the case
// where the SDK indexes its deposit before it is mined and polls the status with `referrer`.
import { createClient, type Execute, getClient, LogLevel } from "@relayprotocol/relay-sdk";
import { configureDynamicChains } from "@relayprotocol/relay-sdk/chain-utils";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";
import type { Devnet } from "../../packages/devnet/src/createDevnet.js";
import { useDevnet } from "../support/devnetHarness.js";

const source = "attestkit-sdk-test.example";

/** Every line the SDK logged, as text. */
let sdkLog: string[] = [];

/** Sets the SDK up for `devnet`, as its documentation tells a user to. */
async function configureSdk(devnet: Devnet) {
  sdkLog = [];
  createClient({
    baseApiUrl: devnet.url,
    source,
    pollingInterval: 100,
    // Bounded: 300 polls of 100 ms, so a refused status poll fails the test instead of hanging it.
    maxPollingAttemptsBeforeTimeout: 300,
    logLevel: LogLevel.Verbose,
    logger: (message) => {
      sdkLog.push(message.map((part) => (typeof part === "string" ? part : "")).join(" "));
    },
  });
  await configureDynamicChains();
}

const chainsOf = (devnet: Devnet) =>
  devnet.info.chains as [Devnet["info"]["chains"][number], Devnet["info"]["chains"][number]];
const accountOf = (devnet: Devnet, index: number) =>
  privateKeyToAccount((devnet.info.testAccounts[index] as { privateKey: Hex }).privateKey);

/** Quotes and executes with the SDK; returns the final step data and what the recipient received. */
async function pay(
  devnet: Devnet,
  { payerIndex, currency, amount }: { payerIndex: number; currency: "ETH" | "USDC"; amount: bigint },
) {
  const [origin, destination] = chainsOf(devnet);
  const payer = accountOf(devnet, payerIndex);
  const recipient = accountOf(devnet, payerIndex + 1).address;
  const originToken = currency === "ETH" ? zeroAddress : origin.contracts.token;
  const destinationToken = currency === "ETH" ? zeroAddress : destination.contracts.token;
  const wallet = createWalletClient({ account: payer, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const destinationClient = createPublicClient({ transport: http(destination.rpcUrl) });
  const balance = (address: Address) =>
    destinationToken === zeroAddress
      ? destinationClient.getBalance({ address })
      : destinationClient.readContract({
          address: destinationToken,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [address],
        });
  const before = await balance(recipient);
  const quote = await getClient().actions.getQuote({
    chainId: origin.chainId,
    toChainId: destination.chainId,
    currency: originToken,
    toCurrency: destinationToken,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient,
  });
  const progress: string[] = [];
  const { data } = await getClient().actions.execute({
    quote,
    wallet,
    onProgress: ({ currentStep }) => {
      if (currentStep?.id && progress.at(-1) !== currentStep.id) progress.push(currentStep.id);
    },
  });
  const received = (await balance(recipient)) - before;
  return { quote, data, received, progress, origin, payer };
}

function expectSuccess({ quote, data, received }: { quote: Execute; data: Execute; received: bigint }) {
  const deposit = data.steps.find((step) => step.id === "deposit");
  expect(deposit?.items?.[0]).toMatchObject({ status: "complete", checkStatus: "success" });
  expect(received).toBe(BigInt(quote.details?.currencyOut?.amount ?? "-1"));
  expect(received).toBeGreaterThan(0n);
  // The SDK posted its deposit to /transactions/index, and it was accepted.
  expect(sdkLog).toContain("Transaction notified to the solver");
  expect(sdkLog.some((line) => line.startsWith("Failed to post transaction"))).toBe(false);
}

describe("instant mining", () => {
  const { devnet } = useDevnet();
  beforeAll(() => configureSdk(devnet()));

  test("default: chains from /chains become SDK chains with the devnet's RPC and viem chains", () => {
    const [origin, destination] = chainsOf(devnet());
    const allChains = getClient().chains;
    // Bitcoin and the exchange come after the EVM chains, as the SDK lists non-EVM chains.
    expect(allChains.map((chain) => chain.id)).toEqual([
      origin.chainId,
      destination.chainId,
      8253038,
      3586256,
    ]);
    expect(allChains.slice(2).map((chain) => chain.vmType)).toEqual(["bvm", "lvm"]);
    const sdkChains = allChains.slice(0, 2);
    for (const chain of sdkChains) {
      expect(chain.httpRpcUrl).toBe(`${devnet().url}/rpc/${chain.id}`);
      expect(chain.vmType).toBe("evm");
      expect(chain.depositEnabled).toBe(true);
      expect(chain.viemChain?.id).toBe(chain.id);
      expect(chain.viemChain?.nativeCurrency).toEqual({ name: "Ether", symbol: "ETH", decimals: 18 });
    }
    // 31338 is no chain viem knows: the SDK builds its viem chain from the /chains entry. (31337 is
    // viem's Hardhat chain, which the SDK takes as is; it confirms through httpRpcUrl first.)
    expect(sdkChains[1]?.viemChain?.rpcUrls.default.http).toEqual([destination.rpcUrl]);
    expect(sdkChains[1]?.viemChain?.name).toBe(`Devnet ${destination.chainId} (destination)`);
  });

  test("native ETH with source set: quote, execute, success; the recipient gets the quoted amount", async () => {
    const result = await pay(devnet(), { payerIndex: 2, currency: "ETH", amount: parseEther("0.01") });
    expectSuccess(result);
    expect(result.quote.request?.data).toMatchObject({ referrer: source });
  });

  test("USDC: the SDK sends the approval, then the deposit; success", async () => {
    const result = await pay(devnet(), { payerIndex: 4, currency: "USDC", amount: parseUnits("25", 6) });
    expect(result.progress).toEqual(["approve", "deposit"]);
    expectSuccess(result);
    const [origin] = chainsOf(devnet());
    const originClient = createPublicClient({ transport: http(origin.rpcUrl) });
    // The approval was spent by the deposit.
    expect(
      await originClient.readContract({
        address: origin.contracts.token,
        abi: erc20Abi,
        functionName: "allowance",
        args: [result.payer.address, origin.contracts.depository],
      }),
    ).toBe(0n);
  });
});

describe("interval mining (block time 250 ms)", () => {
  const { devnet } = useDevnet({ blockTimeMs: 250 });
  beforeAll(() => configureSdk(devnet()));

  test("native ETH: the deposit is indexed before its block, the status polls carry referrer; success", async () => {
    expectSuccess(await pay(devnet(), { payerIndex: 6, currency: "ETH", amount: parseEther("0.02") }));
  });

  test("USDC approve + deposit: success", async () => {
    const result = await pay(devnet(), { payerIndex: 8, currency: "USDC", amount: parseUnits("7.5", 6) });
    expect(result.progress).toEqual(["approve", "deposit"]);
    expectSuccess(result);
  });
});
