import { CliError, exitCodes } from "attestkit/cli";
import { createClient } from "attestkit/client";
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  type HttpTransport,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  parseEther,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devnetTrustRoot } from "../devnetTrustRoot.js";
import type { DevnetInfo } from "../start/createDevnetInfo.js";
import type { RunDevnetScenarioParameters } from "./devnetScenarioTypes.js";
import type { FollowDevnetRequestParameters } from "./followDevnetRequest.js";

/** One chain of the devnet, as `GET /devnet/info` lists it. */
export type DevnetChainInfo = DevnetInfo["chains"][number];

/** What a scenario's driver quotes, pays and follows a request with. */
export type ScenarioContext = {
  /** The devnet's `GET /devnet/info`. */
  info: DevnetInfo;
  origin: DevnetChainInfo;
  destination: DevnetChainInfo;
  /** The service client: it pays through the payment guard. */
  client: ReturnType<typeof createClient>;
  /** The paying test account. */
  account: PrivateKeyAccount;
  /** Its index in `info.testAccounts` (also picks the Bitcoin test wallet). */
  accountIndex: number;
  /** The account's wallet on the origin chain. */
  wallet: WalletClient<HttpTransport, undefined, PrivateKeyAccount>;
  /** Reads the origin chain. */
  publicClient: PublicClient;
  /** What each scenario pays: 0.01 of the origin's native currency. */
  amount: bigint;
  /** How the followed request is read: `followDevnetRequest`'s parameters but the request id. */
  follow: Omit<FollowDevnetRequestParameters, "requestId">;
  /** Added to an error of the devnet: how to name another. */
  devnetHint: string | undefined;
  /** Called with the request id once it is known. */
  onRequest: ((requestId: Hex) => void) | undefined;
};

export type CreateScenarioContextParameters = {
  /** The run's parameters: the devnet, the paying account, the API key and the callbacks. */
  parameters: RunDevnetScenarioParameters;
  /** The devnet's `GET /devnet/info`. */
  info: DevnetInfo;
  /** When the run gives up (`Date.now()` time, ms). */
  deadline: number;
};

/**
 * The clients a scenario runs with: the service client paying through the payment guard (trusting
 * the devnet's own solver and the trust root its public test keys give), and the test account's
 * wallet on the origin chain. An account index the devnet does not have is a bad-input `CliError`.
 *
 * @param parameters - {@link CreateScenarioContextParameters}
 * @returns The context every scenario driver takes. {@link ScenarioContext}
 * @example
 * const context = createScenarioContext({ parameters, info, deadline: Date.now() + 60_000 })
 */
export function createScenarioContext({
  parameters,
  info,
  deadline,
}: CreateScenarioContextParameters): ScenarioContext {
  const origin = info.chains.find((chain) => chain.role === "origin") as DevnetChainInfo;
  const destination = info.chains.find((chain) => chain.role === "destination") as DevnetChainInfo;
  // The chain ids are the devnet's own, named by --devnet on this machine.
  const client = createClient({
    network: { baseUrl: parameters.devnet },
    solvers: [info.solver.address],
    trustRoot: devnetTrustRoot({ originChainId: origin.chainId, destinationChainId: destination.chainId }),
    ...(parameters.apiKey ? { apiKey: parameters.apiKey } : {}),
  });
  const accountIndex = parameters.account ?? 9;
  const testAccount = info.testAccounts[accountIndex];
  if (!testAccount)
    throw new CliError(`--account must be 0 to ${info.testAccounts.length - 1}, got ${accountIndex}.`, {
      exitCode: exitCodes.badInput,
    });
  const account = privateKeyToAccount(testAccount.privateKey);
  return {
    info,
    origin,
    destination,
    client,
    account,
    accountIndex,
    // Receipts polled every 100 ms: viem's default without a chain's block time is 4 s, longer than a
    // devnet block.
    wallet: createWalletClient({ account, transport: http(origin.rpcUrl), pollingInterval: 100 }),
    publicClient: createPublicClient({ transport: http(origin.rpcUrl) }),
    amount: parseEther("0.01"),
    follow: {
      client,
      devnet: parameters.devnet,
      intervalMs: parameters.intervalMs ?? 100,
      deadline,
      onStatus: parameters.onStatus,
    },
    devnetHint: parameters.devnetHint,
    onRequest: parameters.onRequest,
  };
}
