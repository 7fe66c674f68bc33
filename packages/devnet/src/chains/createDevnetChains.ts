import { fileURLToPath } from "node:url";
import { devnetTestAccounts, testAccountNativeBalance } from "../constants.js";
import { importHardhatRuntime } from "../importHardhatRuntime.js";

/** An EIP-1193 `request`, untyped: the devnet forwards arbitrary JSON-RPC methods. */
export type ChainRequest = (args: {
  method: string;
  params?: readonly unknown[] | undefined;
}) => Promise<unknown>;

/** One in-process EVM chain of the devnet. */
export type DevnetChain = {
  chainId: number;
  /** EIP-1193 request function of the chain (an in-process EDR provider). */
  request: ChainRequest;
  /** Switches from instant mining to one block every `blockTimeMs`. */
  setIntervalMining: (blockTimeMs: number) => Promise<void>;
  close: () => Promise<void>;
};

export type CreateDevnetChainsParameters = {
  /** The chain ids to run, all different. */
  chainIds: readonly number[];
  /** Genesis time of every chain. Default now; a restored devnet gives its first run's, so replays agree. */
  initialDate?: Date | undefined;
};

export type CreateDevnetChainsReturnType = DevnetChain[];

// The package root: the Hardhat runtime needs a project root, and this one does not depend on the
// caller's working directory (src/chains or dist/chains -> the root holding the package.json).
const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Starts one in-process EVM chain (Hardhat's EDR) per chain id, in this process, with the test
 * accounts funded and instant mining. The Hardhat runtime is built from an inline configuration
 * (no plugins, no config file), so the caller's working directory and project config do not matter.
 *
 * @param parameters - {@link CreateDevnetChainsParameters}
 * @returns The chains, in the order of `chainIds`. {@link CreateDevnetChainsReturnType}
 * @example
 * const [origin, destination] = await createDevnetChains({ chainIds: [31337, 31338] })
 * await origin.request({ method: "eth_chainId" }) // "0x7a69"
 */
export async function createDevnetChains({
  chainIds,
  initialDate,
}: CreateDevnetChainsParameters): Promise<CreateDevnetChainsReturnType> {
  if (new Set(chainIds).size !== chainIds.length) throw new Error("Devnet chain ids must be different.");
  const { createHardhatRuntimeEnvironment } = await importHardhatRuntime();
  const accounts = devnetTestAccounts.map((account) => ({
    privateKey: account.privateKey,
    balance: testAccountNativeBalance.toString(),
  }));
  const networks = Object.fromEntries(
    chainIds.map((chainId) => [
      `chain${chainId}`,
      {
        type: "edr-simulated" as const,
        chainType: "l1" as const,
        chainId,
        accounts,
        // Many blocks per second under load: without this each block would move the chain's clock one
        // second ahead of the wall clock, and ttl/deadline checks would drift.
        allowBlocksWithSameTimestamp: true,
        // Like a real node: a reverting transaction is mined with status 0 instead of failing the send.
        throwOnTransactionFailures: false,
        throwOnCallFailures: true,
        loggingEnabled: false,
        mining: { auto: true, interval: 0 },
        ...(initialDate !== undefined ? { initialDate } : {}),
      },
    ]),
  );
  const hre = await createHardhatRuntimeEnvironment({ networks }, {}, projectRoot);
  const chains: DevnetChain[] = [];
  try {
    for (const chainId of chainIds) {
      const connection = await hre.network.create({ network: `chain${chainId}` });
      const request: ChainRequest = (args) => connection.provider.request(args as never);
      chains.push({
        chainId,
        request,
        async setIntervalMining(blockTimeMs) {
          await request({ method: "evm_setAutomine", params: [false] });
          await request({ method: "evm_setIntervalMining", params: [blockTimeMs] });
        },
        close: () => connection.close(),
      });
    }
  } catch (error) {
    await Promise.allSettled(chains.map((chain) => chain.close()));
    throw error;
  }
  return chains;
}
