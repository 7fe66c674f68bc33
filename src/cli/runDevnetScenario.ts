import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  parseEther,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { bitcoin } from "../chains/bitcoin/constants.js";
import { executeSteps } from "../client/actions/executeSteps.js";
import { getQuote } from "../client/actions/getQuote.js";
import { getStatus } from "../client/actions/getStatus.js";
import { createClient } from "../client/createClient.js";
import { devnetDepositoryAbi } from "../contracts/devnet/abis.js";
import type { InspectedRequest } from "../devnet/api/inspectRequest.js";
import { finalizePsbt } from "../devnet/bitcoin/finalizePsbt.js";
import { signPsbt } from "../devnet/bitcoin/signPsbt.js";
import { devnetTrustRoot } from "../devnet/devnetTrustRoot.js";
import type { DevnetInfo } from "../devnet/start/createDevnetInfo.js";
import type { QuoteResponse, StatusResponse } from "../schemas/index.js";
import { CliError } from "./cliError.js";
import { devnetScenarios } from "./devnetScenarios.js";
import { exitCodes } from "./exitCodes.js";
import { moveDevnetPrice } from "./moveDevnetPrice.js";
import { readResponseJson } from "./readResponseJson.js";

export type RunDevnetScenarioParameters = {
  /** Base URL of a running devnet. */
  devnet: string;
  /** Added to the error when the devnet cannot be reached or is not one: how to name another. */
  devnetHint?: string | undefined;
  scenario: string;
  /** The devnet's test account that pays (index in `GET /devnet/info`). */
  account?: number | undefined;
  /** `x-api-key` of the quote, so its webhook endpoint gets the events. */
  apiKey?: string | undefined;
  /** Called with the request id once it is known (for double-spend: the second deposit's request). */
  onRequest?: ((requestId: Hex) => void) | undefined;
  /** Called with every status the followed request takes, in order. */
  onStatus?: ((status: ScenarioStatus) => void) | undefined;
  /** Time between status polls, ms. Default 100. */
  intervalMs?: number | undefined;
  /** Limit of the whole run, ms. Default 60 000. */
  timeoutMs?: number | undefined;
};

export type RunDevnetScenarioReturnType = { requestId: Hex; status: StatusResponse };

/**
 * Drives a fresh request of a running devnet into a scenario's end with one of its test accounts:
 * quotes (with `apiKey`, so webhooks fire), pays (through the quote's steps, or a direct depository
 * deposit when the scenario needs a wrong one), and follows the status until it is final, reporting
 * every change. Unknown or unavailable scenarios are a bad-input `CliError`.
 *
 * @param parameters - {@link RunDevnetScenarioParameters}
 * @returns The followed request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { requestId, status } = await runDevnetScenario({ devnet: url, scenario: "ttl-expired" })
 */
export async function runDevnetScenario(
  parameters: RunDevnetScenarioParameters,
): Promise<RunDevnetScenarioReturnType> {
  const { scenario: name, apiKey, intervalMs = 100, timeoutMs = 60_000 } = parameters;
  const scenario = devnetScenarios.find((s) => s.name === name);
  if (!scenario)
    throw new CliError(
      `Unknown scenario ${JSON.stringify(name)}: one of ${devnetScenarios.map((s) => s.name).join(", ")}.`,
      { exitCode: exitCodes.badInput },
    );
  if (name === "chain-disabled" || name === "block-lagging")
    throw new CliError(`Scenario ${name} is an incident, not a request: run it with runDevnetIncident.`, {
      exitCode: exitCodes.badInput,
    });
  if (scenario.unavailable)
    throw new CliError(`Scenario ${name} is unavailable: ${scenario.unavailable}.`, {
      exitCode: exitCodes.badInput,
    });
  const deadline = Date.now() + timeoutMs;
  const info = await readInfo(parameters.devnet, parameters.devnetHint);
  const origin = info.chains.find((chain) => chain.role === "origin") as DevnetInfo["chains"][number];
  const destination = info.chains.find(
    (chain) => chain.role === "destination",
  ) as DevnetInfo["chains"][number];
  // The scenario pays through the payment guard, trusting the devnet's own solver and the trust root
  // its public test keys give (the chain ids are the devnet's own, named by --devnet on this machine).
  const client = createClient({
    network: { baseUrl: parameters.devnet },
    solvers: [info.solver.address],
    trustRoot: devnetTrustRoot({ originChainId: origin.chainId, destinationChainId: destination.chainId }),
    ...(apiKey ? { apiKey } : {}),
  });
  const index = parameters.account ?? 9;
  const testAccount = info.testAccounts[index];
  if (!testAccount)
    throw new CliError(`--account must be 0 to ${info.testAccounts.length - 1}, got ${index}.`, {
      exitCode: exitCodes.badInput,
    });
  const account = privateKeyToAccount(testAccount.privateKey);
  const wallet = createWalletClient({ account, transport: http(origin.rpcUrl) });
  const publicClient = createPublicClient({ transport: http(origin.rpcUrl) });
  const amount = parseEther("0.01");
  const native = "0x0000000000000000000000000000000000000000";

  const quote = (extra: Record<string, unknown> = {}) =>
    getQuote(client, {
      user: account.address,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: native,
      destinationCurrency: native,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
      ...extra,
    } as Parameters<typeof getQuote>[1]) as Promise<QuoteResponse>;
  const deposit = async (id: Hex, value: bigint) => {
    const hash = await wallet.sendTransaction({
      chain: null,
      to: origin.contracts.depository,
      data: encodeFunctionData({
        abi: devnetDepositoryAbi,
        functionName: "depositNative",
        args: [account.address, id],
      }),
      value,
    });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  const follow = (requestId: Hex) =>
    followStatus({
      client,
      devnet: parameters.devnet,
      requestId,
      intervalMs,
      deadline,
      onStatus: parameters.onStatus,
    });

  if (name === "success" || name === "double-spend") {
    const q = await quote();
    const requestId = q.requestId as Hex;
    if (name === "success") {
      parameters.onRequest?.(requestId);
      const following = follow(requestId);
      await executeSteps(client, { quote: q, wallet, checkIntervalMs: intervalMs });
      return following;
    }
    await executeSteps(client, { quote: q, wallet, checkIntervalMs: intervalMs });
    await followStatus({ client, devnet: parameters.devnet, requestId, intervalMs, deadline });
    const hash = await deposit(requestId, amount);
    const receipt = await publicClient.getTransactionReceipt({ hash });
    const log = receipt.logs.find(
      (entry) => entry.address.toLowerCase() === origin.contracts.depository.toLowerCase(),
    );
    const duplicate = keccak256(
      encodeAbiParameters(
        [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }],
        [requestId, hash, BigInt(log?.logIndex ?? 0)],
      ),
    );
    parameters.onRequest?.(duplicate);
    return follow(duplicate);
  }
  if (name === "deposit-address-overpayment") {
    const q = await quote({ useDepositAddress: true, strict: true, refundTo: account.address });
    const requestId = q.requestId as Hex;
    const address = q.steps.find((step) => step.depositAddress)?.depositAddress as Hex | undefined;
    if (!address)
      throw new CliError("The devnet's deposit-address quote has no deposit address step.", {
        exitCode: exitCodes.network,
      });
    parameters.onRequest?.(requestId);
    const following = follow(requestId);
    // A plain transfer of twice the quoted input: strict fills the quote and refunds the rest.
    const hash = await wallet.sendTransaction({ chain: null, to: address, value: amount * 2n });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return following;
  }
  if (name === "bitcoin-mempool-success") {
    const btcWallet = info.bitcoin.testWallets[index % info.bitcoin.testWallets.length];
    if (!btcWallet)
      throw new CliError("The devnet lists no Bitcoin test wallet.", { exitCode: exitCodes.network });
    const q = (await getQuote(client, {
      user: btcWallet.p2wpkhAddress,
      recipient: account.address,
      originChainId: bitcoin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: bitcoin.nativeCurrency,
      destinationCurrency: native,
      amount: "100000",
      tradeType: "EXACT_INPUT",
    } as Parameters<typeof getQuote>[1])) as QuoteResponse;
    const requestId = q.requestId as Hex;
    parameters.onRequest?.(requestId);
    const following = follow(requestId);
    await executeSteps(client, {
      quote: q,
      wallet,
      checkIntervalMs: intervalMs,
      handlers: {
        // The Bitcoin test wallet signs every input, finalizes and broadcasts to the Esplora API.
        signPsbt: async ({ psbt }) => {
          const signed = signPsbt({ psbt, privateKey: btcWallet.privateKey }).psbt;
          const { transaction } = finalizePsbt({ psbt: signed });
          const response = await fetch(`${info.bitcoin.esploraUrl}/tx`, {
            method: "POST",
            body: transaction,
            signal: AbortSignal.timeout(10_000),
          });
          const text = await response.text();
          if (!response.ok)
            throw new CliError(`The devnet refused the Bitcoin deposit: ${text}`, {
              exitCode: exitCodes.network,
            });
          return { txHash: text };
        },
      },
    });
    return following;
  }
  if (name === "slippage-refund") {
    // ETH -> USDC at the automatic 0.5 %; ETH 1 % down before the deposit: the USDC it buys is too few.
    const q = await quote({ destinationCurrency: destination.contracts.token });
    const requestId = q.requestId as Hex;
    parameters.onRequest?.(requestId);
    const move = { devnet: parameters.devnet, devnetHint: parameters.devnetHint, currency: "eth" };
    await moveDevnetPrice({ ...move, bps: -100 });
    try {
      const following = follow(requestId);
      await deposit(requestId, BigInt(q.details?.currencyIn?.amount ?? amount));
      return await following;
    } finally {
      await moveDevnetPrice({ ...move, bps: 100 });
    }
  }
  if (name === "failure-refund") {
    // The destination token has no fallback: a call with an unknown selector reverts.
    const q = await quote({ txs: [{ to: destination.contracts.token, data: "0xdeadbeef", value: "0" }] });
    const requestId = q.requestId as Hex;
    parameters.onRequest?.(requestId);
    const following = follow(requestId);
    await deposit(requestId, amount);
    return following;
  }
  // ttl-expired, amount-too-low: a direct deposit under the request id.
  const q = await quote(name === "ttl-expired" ? { ttl: 1 } : {});
  const requestId = q.requestId as Hex;
  parameters.onRequest?.(requestId);
  const following = follow(requestId);
  if (name === "ttl-expired") await new Promise((resolve) => setTimeout(resolve, 1_300));
  await deposit(requestId, name === "amount-too-low" ? amount - 1n : amount);
  return following;
}

/** One status the followed request took, from the devnet's history. */
export type ScenarioStatus = {
  requestId: Hex;
  status: string;
  /** When the request took it, ms. */
  at: number;
  /** Set on the status the request is in when it is seen (`N/A` otherwise). */
  failReason: string;
  refundFailReason: string;
};

/**
 * Follows the devnet's record of a request (`GET /devnet/requests/{id}`, whose history has every
 * status even when several come between two polls) until it is final: success, refund, or a
 * failure that cannot be refunded. Then reads the status endpoint once for the final object.
 */
async function followStatus({
  client,
  devnet,
  requestId,
  intervalMs,
  deadline,
  onStatus,
}: {
  client: ReturnType<typeof createClient>;
  devnet: string;
  requestId: Hex;
  intervalMs: number;
  deadline: number;
  onStatus?: ((status: ScenarioStatus) => void) | undefined;
}): Promise<RunDevnetScenarioReturnType> {
  let seen = 0;
  let last = "not found";
  for (;;) {
    const response = await fetch(new URL(`/devnet/requests/${requestId}`, devnet), {
      signal: AbortSignal.timeout(10_000),
    });
    // A request born from a deposit appears once the deposit is indexed.
    if (response.status !== 404) {
      if (!response.ok)
        throw new CliError(`The devnet answered HTTP ${response.status} for request ${requestId}.`, {
          exitCode: exitCodes.network,
        });
      const record = (await readResponseJson(response)) as InspectedRequest;
      const history = record.history;
      for (; seen < history.length; seen++) {
        const entry = history[seen] as { status: string; at: number };
        const current = seen === history.length - 1;
        onStatus?.({
          requestId,
          status: entry.status,
          at: entry.at,
          failReason: current ? record.failReason : "N/A",
          refundFailReason: current ? record.refundFailReason : "N/A",
        });
      }
      last = record.status;
      const final =
        record.status === "success" ||
        record.status === "refund" ||
        (record.status === "failure" && record.refundFailReason !== "N/A");
      if (final) return { requestId, status: await getStatus(client, { requestId }) };
    }
    if (Date.now() > deadline)
      throw new CliError(`Request ${requestId} did not reach its end in time (last: ${last}).`, {
        exitCode: exitCodes.network,
      });
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function readInfo(devnet: string, hint: string | undefined): Promise<DevnetInfo> {
  const metaMessages = hint ? [hint] : [];
  let body: unknown;
  try {
    const response = await fetch(new URL("/devnet/info", devnet), { signal: AbortSignal.timeout(10_000) });
    body = response.ok ? await readResponseJson(response) : undefined;
  } catch (cause) {
    throw new CliError(`The devnet at ${devnet} did not answer GET /devnet/info.`, {
      exitCode: exitCodes.network,
      cause,
      metaMessages,
    });
  }
  const info = body as DevnetInfo | undefined;
  if (!info || !Array.isArray(info.chains) || !Array.isArray(info.testAccounts))
    throw new CliError(`${devnet} is not an attestkit devnet (GET /devnet/info).`, {
      exitCode: exitCodes.badInput,
      metaMessages,
    });
  return info;
}
