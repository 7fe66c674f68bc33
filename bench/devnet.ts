// Load benchmark of the devnet: status polls/s and quotes/s with p50/p99 latency under concurrent
// load, and the deposit-to-success time with the default (instant) mining. The devnet runs in a
// child process, as a real server would, so the load generator here does not share its event loop.
// Prints one JSON object as the last line.
// Run: `npm run bench:devnet` (BENCH_SECONDS, BENCH_CONCURRENCY to change the load).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type Address, createWalletClient, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { nativeCurrencyAddress } from "../packages/devnet/src/constants.js";
import type { DevnetInfo } from "../packages/devnet/src/start/createDevnetInfo.js";

process.env.HARDHAT_DISABLE_TELEMETRY = "true";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

const server = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("./devnetServer.ts", import.meta.url))],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const firstLine = await new Promise<string>((resolve, reject) => {
  createInterface({ input: server.stdout }).once("line", resolve);
  server.once("exit", (code) => reject(new Error(`the devnet exited with code ${code}`)));
});
const { url } = JSON.parse(firstLine) as { url: string };
const info = (await (await fetch(`${url}/devnet/info`)).json()) as DevnetInfo;
const devnet = { url, info };
const user = devnet.info.testAccounts[0]?.address as Address;
const quoteBody = JSON.stringify({
  user,
  originChainId: devnet.info.originChainId,
  destinationChainId: devnet.info.destinationChainId,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: nativeCurrencyAddress,
  amount: parseEther("0.01").toString(),
  tradeType: "EXACT_INPUT",
});
const quote = async () => {
  const response = await fetch(`${devnet.url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: quoteBody,
  });
  if (response.status !== 200) throw new Error(`quote: HTTP ${response.status}`);
  return (await response.json()) as {
    requestId: Hex;
    steps: { items: { data: { to: Address; data: Hex; value: string } }[] }[];
  };
};

/** Runs `task` from `concurrency` workers for `seconds`; returns throughput and latency percentiles. */
async function load(task: () => Promise<unknown>) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await task();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2));
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

try {
  // Status polls over a pool of known requests.
  const ids = await Promise.all(Array.from({ length: 100 }, async () => (await quote()).requestId));
  let next = 0;
  const statusPolls = await load(async () => {
    const response = await fetch(`${devnet.url}/intents/status/v3?requestId=${ids[next++ % ids.length]}`);
    if (response.status !== 200) throw new Error(`status: HTTP ${response.status}`);
    await response.arrayBuffer();
  });
  const quotes = await load(quote);

  // Deposit-to-success: send the deposit step, then poll every 10 ms until success.
  const account = privateKeyToAccount(devnet.info.testAccounts[1]?.privateKey as Hex);
  const wallet = createWalletClient({ account, transport: http(devnet.info.chains[0]?.rpcUrl) });
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const q = await quote();
    const data = q.steps[0]?.items[0]?.data as { to: Address; data: Hex; value: string };
    const t = performance.now();
    await wallet.sendTransaction({ chain: null, to: data.to, data: data.data, value: BigInt(data.value) });
    for (;;) {
      const status = (await (
        await fetch(`${devnet.url}/intents/status/v3?requestId=${q.requestId}`)
      ).json()) as { status: string };
      if (status.status === "success") break;
      if (status.status === "refund" || status.status === "failure")
        throw new Error(`deposit ended in ${status.status}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      seconds,
      concurrency,
      statusPolls,
      quotes,
      depositToSuccessMs: {
        samples: times.length,
        p50: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1)),
        max: Number((times.at(-1) ?? 0).toFixed(1)),
      },
      targets: {
        statusPollsPerSecond: statusPolls.perSecond >= 1000,
        statusP99Under50Ms: statusPolls.p99Ms < 50,
        depositToSuccessUnder2s: (times.at(-1) ?? Number.POSITIVE_INFINITY) <= 2000,
      },
    }),
  );
} finally {
  server.kill("SIGTERM");
}
