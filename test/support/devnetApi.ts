// Test support for the devnet's HTTP handlers (packages/devnet/src/api/): the small hand-built pieces their
// narrow dependencies are made of (two EVM chains with their currencies, the solver, a transaction
// sender that records what it is asked to send), so a handler runs without a chain.
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ApiChain } from "../../packages/devnet/src/api/types.js";
import type {
  SentReceipt,
  TransactionSender,
} from "../../packages/devnet/src/chains/createTransactionSender.js";
import { devnetCurrencies } from "../../packages/devnet/src/quote/devnetCurrencies.js";
import { testKey } from "./fixtures.js";

export const apiUrl = "http://127.0.0.1:8787";
export const originChainId = 31337;
export const destinationChainId = 31338;
export const depository: Address = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
export const originToken: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
export const destinationToken: Address = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
export const depositAddressFactory: Address = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";

/** The devnet solver as a test builds it: the well-known first Hardhat key. */
export const solver = privateKeyToAccount(testKey);

/** ETH and USDC on both chains, as the devnet lists them. */
export const currencies = devnetCurrencies({
  chains: [
    { chainId: originChainId, token: originToken },
    { chainId: destinationChainId, token: destinationToken },
  ],
});

/** What a fake sender was asked to send, in order. */
export type SentTransaction = { to: Address | undefined; data: Hex | undefined };

/**
 * A sender that records each transaction and answers with a receipt whose status `status` decides
 * (by the transaction's index), without a chain.
 */
export function recordingSender(status: (index: number) => SentReceipt["status"] = () => "success") {
  const sent: SentTransaction[] = [];
  const sender: TransactionSender = {
    address: solver.address,
    send: async ({ to, data }) => {
      sent.push({ to, data });
      return `0x${String(sent.length).padStart(64, "0")}` as Hex;
    },
    waitForReceipt: async (hash: Hex): Promise<SentReceipt> => ({
      transactionHash: hash,
      status: status(Number(BigInt(hash)) - 1),
      contractAddress: null,
    }),
    estimateGas: async () => 21_000n,
  };
  return { sender, sent };
}

/** The parts of a chain a test may give: only what the handler under test calls. */
export type ApiChainParts = {
  request?: (parameters: { method: string; params?: readonly unknown[] | undefined }) => Promise<unknown>;
  sender?: TransactionSender;
  indexer?: Partial<ApiChain["indexer"]>;
  depositAddresses?: Partial<ApiChain["depositAddresses"]>;
};

/**
 * One EVM chain of the devnet as the API sees it, with the parts a handler reads; `request` answers
 * JSON-RPC (none by default) and `sender` sends (a recording one by default).
 */
export function apiChain(chainId: number, parts: ApiChainParts = {}): ApiChain {
  return {
    chainId,
    name: chainId === originChainId ? "devnet-origin" : "devnet-destination",
    role: chainId === originChainId ? "origin" : "destination",
    rpcUrl: `${apiUrl}/rpc/${chainId}`,
    contracts: {
      depository,
      token: chainId === originChainId ? originToken : destinationToken,
      depositAddressFactory,
    },
    request: async ({ method }: { method: string }) => {
      throw new Error(`no JSON-RPC in this test (${method})`);
    },
    sender: recordingSender().sender,
    indexer: { scan: async () => {}, indexTransaction: async () => [] },
    depositAddresses: { watch: async () => {}, scan: async () => {} },
    ...parts,
  } as unknown as ApiChain;
}

/** Both EVM chains, by chain id. */
export function apiChains(parts: Partial<Record<number, ApiChainParts>> = {}) {
  return new Map([
    [originChainId, apiChain(originChainId, parts[originChainId])],
    [destinationChainId, apiChain(destinationChainId, parts[destinationChainId])],
  ]);
}

/** The body of the error a handler throws (a `DevnetApiError`), or the error itself. */
export async function thrown(run: () => unknown): Promise<{ status?: number; body?: unknown }> {
  try {
    await run();
  } catch (error) {
    return error as { status?: number; body?: unknown };
  }
  throw new Error("expected the handler to throw");
}
