// Chains as the live ones look: `GET /chains` `contracts` with the interface's keys, each naming a
// deployed devnet contract in that role (a real Multicall3 that viem's multicall uses, an owner-only
// one, the receiver, the depository routing ERC-20 deposits); and incidents: `devnet trigger
// chain-disabled|block-lagging` (and `POST /devnet/incidents`) set `disabled` /
// `blockProductionLagging`, and quotes naming a disabled chain are refused 400 CHAIN_DISABLED, as the
// live service answers.
import { type Address, encodeFunctionData, erc20Abi, type Hex, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { captureIo } from "../../../test/support/captureIo.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { runCli } from "../../attestkit/src/cli/createProgram.js";
import { devnetMulticall3Abi } from "../src/contracts/abis.js";

const { devnet, origin, destination, account, reader } = useDevnet({ bitcoinBlockTimeMs: 0 });

type ChainEntry = {
  id: number;
  disabled: boolean;
  blockProductionLagging: boolean;
  contracts: Record<string, unknown> & { v3?: Record<string, Address> };
};

const chains = async () =>
  ((await (await fetch(`${devnet().url}/chains`)).json()) as { chains: ChainEntry[] }).chains;

const quoteBody = () => ({
  user: account(0).address,
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: "10000000000000000",
  tradeType: "EXACT_INPUT",
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${devnet().url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const trigger = async (...args: string[]) => {
  const io = captureIo();
  const code = await runCli(["devnet", "trigger", ...args, "--devnet", devnet().url, "--json"], io);
  return {
    code,
    io,
    result: io.stdout[0] ? (JSON.parse(io.stdout[0]) as Record<string, unknown>) : undefined,
  };
};

test("default: every EVM chain's contracts have the interface's keys, each a deployed contract", async () => {
  const [originEntry, destinationEntry] = (await chains()) as [ChainEntry, ChainEntry];
  for (const [entry, chain] of [
    [originEntry, origin()],
    [destinationEntry, destination()],
  ] as const) {
    const { contracts } = entry;
    const keys = ["multicall3", "multicaller", "onlyOwnerMulticaller", "erc20Router", "approvalProxy"];
    for (const key of keys) {
      const code = await reader(chain).getCode({ address: contracts[key] as Address });
      expect({ chain: entry.id, key, deployed: (code?.length ?? 0) > 2 }).toEqual({
        chain: entry.id,
        key,
        deployed: true,
      });
    }
    // The roles: the open multicall twice, the depository for ERC-20 routing (v3 alike).
    expect(contracts.multicaller).toBe(contracts.multicall3);
    expect(contracts.onlyOwnerMulticaller).not.toBe(contracts.multicall3);
    expect([contracts.erc20Router, contracts.approvalProxy]).toEqual([
      chain.contracts.depository,
      chain.contracts.depository,
    ]);
    expect(contracts.v3).toEqual({
      erc20Router: chain.contracts.depository,
      approvalProxy: chain.contracts.depository,
    });
  }
  // The receiver runs on the origin only.
  expect(originEntry.contracts.relayReceiver).toBe(origin().contracts.attestedDepositReceiver);
  expect(destinationEntry.contracts.relayReceiver).toBeUndefined();
});

test("multicall3 is a working Multicall3: viem's multicall reads through it; the owned one refuses others", async () => {
  const [entry] = (await chains()) as [ChainEntry];
  const token = origin().contracts.token;
  const holders = [account(0).address, account(1).address];
  const balances = await reader(origin()).multicall({
    multicallAddress: entry.contracts.multicall3 as Address,
    contracts: holders.map((holder) => ({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [holder],
    })),
    allowFailure: false,
  });
  expect(balances).toEqual(
    await Promise.all(
      holders.map((holder) =>
        reader(origin()).readContract({
          address: token,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [holder],
        }),
      ),
    ),
  );
  const calls = [{ target: token, allowFailure: false, callData: "0x18160ddd" as Hex }];
  await expect(
    reader(origin()).simulateContract({
      account: account(0).address,
      address: entry.contracts.onlyOwnerMulticaller as Address,
      abi: devnetMulticall3Abi,
      functionName: "aggregate3",
      args: [calls],
    }),
  ).rejects.toThrow(/DevnetMulticall3Unauthorized/);
  const asSolver = await reader(origin()).call({
    account: devnet().info.solver.address,
    to: entry.contracts.onlyOwnerMulticaller as Address,
    data: encodeFunctionData({ abi: devnetMulticall3Abi, functionName: "aggregate3", args: [calls] }),
  });
  expect(asSolver.data).toMatch(/^0x/);
});

test("chain-disabled: /chains says disabled, quotes and prices naming the chain get 400 CHAIN_DISABLED, until cleared", async () => {
  const { code, result, io } = await trigger("chain-disabled");
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  expect(result).toMatchObject({
    chainId: destination().chainId,
    disabled: true,
    blockProductionLagging: false,
    quote: { status: 400, errorCode: "CHAIN_DISABLED" },
    reached: true,
  });
  const entry = (await chains()).find((chain) => chain.id === destination().chainId);
  expect(entry).toMatchObject({ disabled: true, blockProductionLagging: false });
  for (const path of ["/quote/v2", "/price"])
    expect(await post(path, quoteBody())).toMatchObject({
      status: 400,
      body: { errorCode: "CHAIN_DISABLED", message: expect.stringContaining(String(destination().chainId)) },
    });

  const cleared = await trigger("chain-disabled", "--clear");
  expect(cleared.code).toBe(0);
  expect(cleared.result).toMatchObject({ disabled: false, quote: { requestId: expect.any(String) } });
  expect((await post("/quote/v2", quoteBody())).status).toBe(200);
});

test("block-lagging on the origin: /chains says so, quotes still go through; POST /devnet/incidents directly", async () => {
  const { code, result } = await trigger("block-lagging", "--chain", String(origin().chainId));
  expect(code).toBe(0);
  expect(result).toMatchObject({
    chainId: origin().chainId,
    disabled: false,
    blockProductionLagging: true,
    quote: { requestId: expect.any(String) },
  });
  expect((await chains()).find((chain) => chain.id === origin().chainId)).toMatchObject({
    blockProductionLagging: true,
  });
  // Bitcoin can be switched off too: its quotes are refused.
  expect(await post("/devnet/incidents", { chainId: 8253038, disabled: true })).toEqual({
    status: 200,
    body: { chainId: 8253038, disabled: true, blockProductionLagging: false, partialDisableLimit: 0 },
  });
  const wallet = devnet().info.bitcoin.testWallets[0] as { p2wpkhAddress: string };
  const fromBitcoin = await post("/quote/v2", {
    ...quoteBody(),
    user: wallet.p2wpkhAddress,
    recipient: account(0).address,
    originChainId: 8253038,
    originCurrency: bitcoin.nativeCurrency,
    amount: "100000",
  });
  expect(fromBitcoin).toMatchObject({ status: 400, body: { errorCode: "CHAIN_DISABLED" } });
  const listed = (await (await fetch(`${devnet().url}/devnet/incidents`)).json()) as {
    incidents: { chainId: number; disabled: boolean; blockProductionLagging: boolean }[];
  };
  expect(listed.incidents).toEqual([
    { chainId: origin().chainId, disabled: false, blockProductionLagging: true, partialDisableLimit: 0 },
    {
      chainId: destination().chainId,
      disabled: false,
      blockProductionLagging: false,
      partialDisableLimit: 0,
    },
    { chainId: 8253038, disabled: true, blockProductionLagging: false, partialDisableLimit: 0 },
    { chainId: 3586256, disabled: false, blockProductionLagging: false, partialDisableLimit: 0 },
  ]);
  await post("/devnet/incidents", { chainId: 8253038, disabled: false });
  await trigger("block-lagging", "--chain", String(origin().chainId), "--clear");
  expect((await chains()).every((chain) => !chain.disabled && !chain.blockProductionLagging)).toBe(true);
});

test("refusals: a bad incident body 400, an unknown chain 404; the trigger's bad --chain exits 2", async () => {
  expect((await post("/devnet/incidents", { chainId: "31337", disabled: "yes" })).status).toBe(400);
  expect(await post("/devnet/incidents", { chainId: 1, disabled: true })).toMatchObject({
    status: 404,
    body: { code: "CHAIN_NOT_FOUND" },
  });
  expect((await trigger("chain-disabled", "--chain", "x")).code).toBe(2);
  const other = await trigger("chain-disabled", "--chain", "8253038");
  expect(other.code).toBe(2);
});
