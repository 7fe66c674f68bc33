// One in-process devnet for a test file, with the readers, wallets and client its EVM tests use.
import { type Address, createPublicClient, createWalletClient, erc20Abi, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createClient } from "../../packages/attestkit/src/client/createClient.js";
import {
  type CreateDevnetParameters,
  createDevnet,
  type Devnet,
} from "../../packages/devnet/src/createDevnet.js";
import { createHistoryChecker } from "./checkDevnetHistory.js";
import { checkNoCoinWithoutOwner } from "./checkNoCoinWithoutOwner.js";

export type DevnetChain = Devnet["info"]["chains"][number];

/**
 * Starts a devnet before the file's tests (quiet, indexing every 50 ms unless `parameters` say
 * otherwise) and stops it after them: one devnet per file, shared by its tests. After each test,
 * once every deposit seen is processed, "no coin without an owner" is checked
 * (`checkNoCoinWithoutOwner`: the test fails with each difference), and each chain's blocks mined
 * since the last check are checked to be one history (`createHistoryChecker`: blocks, transactions,
 * receipts and logs agree). `parameters` may be
 * a function, called when the devnet starts, for settings known only then (a webhook receiver
 * started by an earlier `beforeAll`). The returned functions read the running devnet when called,
 * so they are used inside tests and later hooks.
 */
export function useDevnet(
  parameters: Partial<CreateDevnetParameters> | (() => Partial<CreateDevnetParameters>) = {},
) {
  let devnet: Devnet | undefined;
  const checkHistory = createHistoryChecker();
  beforeAll(async () => {
    const given = typeof parameters === "function" ? parameters() : parameters;
    devnet = await createDevnet({ port: 0, indexIntervalMs: 50, log: () => {}, ...given });
  });
  afterEach(async () => {
    if (!devnet) return;
    await checkNoCoinWithoutOwner(devnet);
    await checkHistory(devnet.info);
  });
  afterAll(async () => {
    await devnet?.stop();
  });
  const running = () => {
    if (devnet === undefined) throw new Error("the devnet is used before it started");
    return devnet;
  };
  const origin = () => running().info.chains[0] as DevnetChain;
  const destination = () => running().info.chains[1] as DevnetChain;
  const reader = (chain: DevnetChain) => createPublicClient({ transport: http(chain.rpcUrl) });
  const account = (index: number) =>
    privateKeyToAccount((running().info.testAccounts[index] as { privateKey: Hex }).privateKey);
  return {
    devnet: running,
    origin,
    destination,
    reader,
    account,
    /** A wallet of test account `index` on the origin chain. */
    wallet: (index: number) =>
      createWalletClient({ account: account(index), transport: http(origin().rpcUrl), pollingInterval: 50 }),
    /** A client of the devnet that trusts its solver (the payment guard checks orders against it). */
    client: () =>
      createClient({
        network: { baseUrl: running().url },
        solvers: [running().info.solver.address],
        trustRoot: running().trustRoot,
      }),
    /** The USDC-like token's balance of `owner` on `chain`. */
    usdcOf: (chain: DevnetChain, owner: Address) =>
      reader(chain).readContract({
        address: chain.contracts.token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [owner],
      }),
  };
}
