import { type Address, encodeAbiParameters, numberToHex } from "viem";
import { expect, test } from "vitest";
import type { ApiChain } from "../api/types.js";
import { devnetSolverAddress, devnetTestAccounts } from "../constants.js";
import { createOverviewReader, type OverviewDeps } from "./createOverviewReader.js";

const token: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const depository: Address = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

/** A context with one EVM chain answered by a stub that counts the balance reads. */
function stubContext() {
  const chain = { blockNumber: 7n, reads: 0, fail: false };
  const request = async ({ method, params }: { method: string; params?: readonly unknown[] | undefined }) => {
    if (method === "eth_blockNumber") return numberToHex(chain.blockNumber);
    chain.reads += 1;
    if (chain.fail) throw new Error("chain down");
    // Every balance is the block number, so a stale read shows.
    expect(params?.[1]).toBe(numberToHex(chain.blockNumber));
    return method === "eth_getBalance"
      ? numberToHex(chain.blockNumber)
      : encodeAbiParameters([{ type: "uint256" }], [chain.blockNumber]);
  };
  const apiChain = {
    chainId: 31337,
    name: "devnet-origin",
    role: "origin",
    rpcUrl: "http://127.0.0.1:1/rpc/31337",
    request,
    contracts: { depository, token, depositAddressFactory: depository },
  } as unknown as ApiChain;
  const context = {
    url: "http://127.0.0.1:1",
    chains: new Map([[31337, apiChain]]),
    currencies: [],
    solver: { address: devnetSolverAddress },
    blockTimeMs: null,
  } as unknown as OverviewDeps;
  return { chain, context };
}

test("default: balances are read once per block", async () => {
  const { chain, context } = stubContext();
  const read = createOverviewReader({ context, now: () => 1_000 });
  const first = await read();
  // 12 accounts and 3 contract addresses, native and token each.
  expect(chain.reads).toBe(30);
  expect(first).toMatchObject({ readAt: 1_000, chains: [{ chainId: 31337, height: 7, mining: "instant" }] });
  expect(first.accounts[0]).toEqual({
    label: "test 0",
    role: "test",
    vmType: "evm",
    address: devnetTestAccounts[0]?.address,
    balances: [
      { chainId: 31337, symbol: "ETH", decimals: 18, amount: "7" },
      { chainId: 31337, symbol: "?", decimals: 0, amount: "7" },
    ],
  });

  await Promise.all([read(), read()]);
  expect(chain.reads).toBe(30);

  chain.blockNumber = 8n;
  const next = await read();
  expect(chain.reads).toBe(60);
  expect(next.chains[0]?.height).toBe(8);
  expect(next.accounts[0]?.balances[0]?.amount).toBe("8");
});

test("a failed read is not kept: the next one asks the chain again", async () => {
  const { chain, context } = stubContext();
  const read = createOverviewReader({ context });
  chain.fail = true;
  await expect(read()).rejects.toThrow("chain down");
  chain.fail = false;
  const reads = chain.reads;
  expect((await read()).accounts[0]?.balances[0]?.amount).toBe("7");
  expect(chain.reads).toBe(reads + 30);
});

test("without Bitcoin and the exchange, their chains and accounts are left out", async () => {
  const { context } = stubContext();
  const overview = await createOverviewReader({ context })();
  expect(overview.chains.map((c) => c.vmType)).toEqual(["evm"]);
  expect(new Set(overview.accounts.map((a) => a.vmType))).toEqual(new Set(["evm"]));
  expect(overview.prices).toEqual([]);
});
