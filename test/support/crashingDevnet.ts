// `attestkit devnet --state DIR` in a child process that kills itself with SIGKILL at a named crash
// point (ATTESTKIT_DEVNET_CRASH_AT), and the checks a crash test makes after the last restart: every
// deposited request final, every payment on chain recorded by its request, every status change in
// the outbox. Used by packages/devnet/test/crashConsistency.test.ts and bench/crashSoak.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { devnetDepositoryAbi } from "attestkit/contracts";
import {
  createWalletClient,
  decodeEventLog,
  getAbiItem,
  type Hex,
  http,
  type PrivateKeyAccount,
  toEventSelector,
  toFunctionSelector,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { crashAtVariable } from "../../packages/devnet/src/crashPoint.js";
import type { DevnetInfo } from "../../packages/devnet/src/start/createDevnetInfo.js";
import { readCoinDifferences } from "./readCoinDifferences.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** A devnet child: its info once it listens, and how it ended. */
export type CrashingDevnet = {
  child: ChildProcess;
  /** Resolves with the info line; rejects when the process ends first. */
  info: Promise<DevnetInfo>;
  /** Resolves when the process has ended (by the crash point, or any other way). */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
};

/**
 * Starts `attestkit devnet --port 0 --state DIR --json ...extra`, with `crashAt` (a crash point, see
 * `packages/devnet/src/crashPoint.ts`) in its environment when given.
 *
 * @example
 * const devnet = startCrashingDevnet(dir, ["--rpc-admin"], "payment-broadcast:fill")
 */
export function startCrashingDevnet(
  stateDir: string,
  extra: readonly string[],
  crashAt?: string | undefined,
): CrashingDevnet {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "packages/attestkit/src/cli/main.ts",
      "devnet",
      "--port",
      "0",
      "--state",
      stateDir,
      "--json",
      ...extra,
    ],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY: "true",
        ...(crashAt === undefined ? {} : { [crashAtVariable]: crashAt }),
      },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const info = new Promise<DevnetInfo>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      const line = stdout.split("\n")[0];
      if (stdout.includes("\n") && line) resolve(JSON.parse(line) as DevnetInfo);
    });
    void ended.then(({ code, signal }) =>
      reject(new Error(`the devnet ended (${signal ?? code}) before it listened: ${stderr}`)),
    );
  });
  info.catch(() => {});
  return { child, info, ended, stderr: () => stderr };
}

/** The API key the crash tests quote with: its webhook endpoint gets every event. */
export const crashApiKey = "crash-consistency-key";

/** A quote's deposit: the origin depository call and its value. */
export type QuotedDeposit = { requestId: Hex; to: Hex; data: Hex; value: bigint };

/** Quotes `amount` wei of ETH from the origin to the destination for test account `payerIndex`. */
export async function quoteBridge(
  info: DevnetInfo,
  payerIndex: number,
  amount: bigint,
): Promise<QuotedDeposit> {
  const [origin, destination] = info.chains as [DevnetInfo["chains"][number], DevnetInfo["chains"][number]];
  const response = await fetch(`${info.url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": crashApiKey },
    body: JSON.stringify({
      user: (info.testAccounts[payerIndex] as { address: Hex }).address,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    }),
  });
  if (response.status !== 200) throw new Error(`quote: ${response.status} ${await response.text()}`);
  const quote = (await response.json()) as {
    steps: { requestId: Hex; items: { data: { to: Hex; data: Hex; value: string } }[] }[];
  };
  const step = quote.steps[0] as (typeof quote.steps)[number];
  const item = step.items[0]?.data as { to: Hex; data: Hex; value: string };
  return { requestId: step.requestId, to: item.to, data: item.data, value: BigInt(item.value) };
}

/** Sends a deposit from test account `payerIndex` (`value` instead of the quoted one, to under- or overpay); answers its hash. */
export async function sendDeposit(
  info: DevnetInfo,
  payerIndex: number,
  deposit: QuotedDeposit,
  value = deposit.value,
): Promise<Hex> {
  const origin = info.chains[0] as DevnetInfo["chains"][number];
  const account: PrivateKeyAccount = privateKeyToAccount(
    (info.testAccounts[payerIndex] as { privateKey: Hex }).privateKey,
  );
  const wallet = createWalletClient({ account, transport: http(origin.rpcUrl), pollingInterval: 50 });
  return wallet.sendTransaction({
    chain: {
      id: origin.chainId,
      name: "origin",
      nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [origin.rpcUrl] } },
    },
    to: deposit.to,
    data: deposit.data,
    value,
    gas: 200_000n,
  });
}

/** One JSON-RPC call to a devnet chain. */
export async function rpc(rpcUrl: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** A request as `GET /devnet/requests` lists it (the fields the checks read). */
export type ListedRequest = {
  requestId: Hex;
  status: string;
  history: { status: string }[];
  txHashes: Hex[];
  refundFailReason: string;
  details: {
    refund?: { txHash: string };
    excessRefund?: { txHash: string };
    duplicateDeposits?: Hex[];
  } | null;
  deposit: { txHash: Hex } | null;
  webhooks: { id: string; state: string }[];
};

/** Every request of the devnet (at most 200), newest first. */
export async function listRequests(info: DevnetInfo): Promise<ListedRequest[]> {
  const response = await fetch(`${info.url}/devnet/requests?limit=200`);
  return ((await response.json()) as { requests: ListedRequest[] }).requests;
}

/** Whether a request's status is final: nothing more will happen to it. */
export const isFinal = (request: ListedRequest) =>
  ["success", "refund", "fallback"].includes(request.status) ||
  (request.status === "failure" && request.refundFailReason !== "N/A");

const fillTopic = toEventSelector(getAbiItem({ abi: devnetDepositoryAbi, name: "DevnetFill" }));
const withdrawSelectors = [
  toFunctionSelector(getAbiItem({ abi: devnetDepositoryAbi, name: "devnetWithdrawNative" })),
  toFunctionSelector(getAbiItem({ abi: devnetDepositoryAbi, name: "devnetWithdrawErc20" })),
];

/** What the chains hold of the solver's payments: fills by request id, and every payment back (refunds, excesses). */
export async function readPayments(
  info: DevnetInfo,
): Promise<{ fills: Map<string, Hex[]>; paybacks: Hex[] }> {
  const [origin, destination] = info.chains as [DevnetInfo["chains"][number], DevnetInfo["chains"][number]];
  const logs = (await rpc(destination.rpcUrl, "eth_getLogs", [
    { address: destination.contracts.depository, fromBlock: "0x0", toBlock: "latest", topics: [fillTopic] },
  ])) as { topics: [Hex, ...Hex[]]; data: Hex; transactionHash: Hex }[];
  const fills = new Map<string, Hex[]>();
  for (const log of logs) {
    const { args } = decodeEventLog({ abi: devnetDepositoryAbi, eventName: "DevnetFill", ...log });
    const id = (args as { id: Hex }).id.toLowerCase();
    fills.set(id, [...(fills.get(id) ?? []), log.transactionHash]);
  }
  const paybacks: Hex[] = [];
  const latest = Number(await rpc(origin.rpcUrl, "eth_blockNumber"));
  for (let block = 0; block <= latest; block++) {
    const { transactions } = (await rpc(origin.rpcUrl, "eth_getBlockByNumber", [
      `0x${block.toString(16)}`,
      true,
    ])) as {
      transactions: { hash: Hex; from: Hex; to: Hex | null; input: Hex }[];
    };
    for (const tx of transactions)
      if (
        tx.from.toLowerCase() === info.solver.address.toLowerCase() &&
        tx.to?.toLowerCase() === origin.contracts.depository.toLowerCase() &&
        withdrawSelectors.includes(tx.input.slice(0, 10) as Hex)
      )
        paybacks.push(tx.hash);
  }
  return { fills, paybacks };
}

/**
 * The crash-consistency checks of a settled devnet (every deposited request final, every webhook
 * delivered or failed): answers what breaks them, none when they hold. Every fill on chain (a
 * `DevnetFill`) is recorded by its request (its `txHashes`) and there is at most one per request;
 * every payment back from the origin depository is some request's `details.refund` or
 * `details.excessRefund`, and every recorded one is on chain; every status a request took (its
 * history) reached the receiver once per status, in order (`accepted`: the receiver's verified 2xx
 * events, deduplicated by id) or stays listed as a failed, replayable delivery; and no coin is
 * without an owner (`readCoinDifferences`: `GET /devnet/invariant`).
 */
export async function checkCrashConsistency(
  info: DevnetInfo,
  accepted: readonly { id: string; event: { data: unknown } }[],
): Promise<{ requests: ListedRequest[]; violations: string[] }> {
  const requests = await listRequests(info);
  const violations: string[] = [];
  for (const request of requests)
    if (request.deposit !== null && !isFinal(request))
      violations.push(`${request.requestId} holds its deposit in "${request.status}"`);
  const { fills, paybacks } = await readPayments(info);
  const byId = new Map(requests.map((request) => [request.requestId.toLowerCase(), request]));
  for (const [id, hashes] of fills) {
    const request = byId.get(id);
    if (!request) violations.push(`a fill for ${id}, which no request is`);
    else if (hashes.some((hash) => !request.txHashes.includes(hash)))
      violations.push(
        `${id}: fill ${hashes.join(", ")} on chain, its txHashes ${request.txHashes.join(", ")}`,
      );
    if (hashes.length > 1) violations.push(`${id} was paid ${hashes.length} times`);
  }
  for (const request of requests)
    if (request.status === "success" && !fills.has(request.requestId.toLowerCase()))
      violations.push(`${request.requestId} is a success without a fill on chain`);
  const recorded = requests.flatMap((request) =>
    [request.details?.refund?.txHash, request.details?.excessRefund?.txHash].filter(
      (hash): hash is string => hash !== undefined,
    ),
  );
  for (const hash of paybacks)
    if (!recorded.includes(hash)) violations.push(`payment back ${hash} is in no request's record`);
  for (const hash of recorded)
    if (!paybacks.includes(hash as Hex)) violations.push(`refund ${hash} is not on chain`);
  for (const request of requests) {
    const statuses = request.history.map((change) => change.status).filter((status) => status !== "waiting");
    const delivered = accepted
      .filter(({ event }) => (event.data as { requestId: Hex }).requestId === request.requestId)
      .map(({ event }) => (event.data as { status: string }).status);
    const failed = request.webhooks.filter((delivery) => delivery.state === "failed").length;
    if (request.webhooks.length !== statuses.length)
      violations.push(
        `${request.requestId}: ${statuses.length} status changes, ${request.webhooks.length} events`,
      );
    if (failed === 0 && delivered.join() !== statuses.join())
      violations.push(`${request.requestId}: history ${statuses.join()}, delivered ${delivered.join()}`);
  }
  for (const line of (await readCoinDifferences(info.url)).lines)
    violations.push(`a coin without an owner: ${line}`);
  return { requests, violations };
}
