// Foundry's cast (1.7, the npm dev dependency) against a devnet's JSON-RPC, as a new user would run
// it: call and estimate on every devnet EVM chain, then send (signed with a test account's key),
// receipt, logs and block, each answer checked against the chain as viem reads it. cast puts both
// `input` and `data` in the transaction objects of eth_call and eth_estimateGas, which the chain
// engine refuses on its own; the devnet's proxy keeps one when they agree.
import { type Address, encodeFunctionData, erc20Abi, type Hex, keccak256, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { runCast } from "../../../test/support/castBinary.js";
import { type DevnetChain, useDevnet } from "../../../test/support/devnetHarness.js";

const { devnet, origin, destination, reader, account, usdcOf } = useDevnet();
const chains = { origin, destination };
const transferTopic = keccak256(toHex("Transfer(address,address,uint256)"));
/** A 32-byte topic of an address, as an indexed event argument is stored. */
const topicOf = (address: Address) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;

describe.each(Object.keys(chains) as (keyof typeof chains)[])("on the %s chain", (name) => {
  const chain = (): DevnetChain => chains[name]();

  test("default: cast call reads the test account's USDC balance", async () => {
    const holder = account(0).address;
    const out = await runCast([
      "call",
      chain().contracts.token,
      "balanceOf(address)(uint256)",
      holder,
      "--rpc-url",
      chain().rpcUrl,
    ]);
    // cast prints the decoded value, then its scientific form: "1000000000000 [1e12]".
    expect(out.split(" ")[0]).toBe((await usdcOf(chain(), holder)).toString());
  });

  test("cast estimate gives the chain's own estimate of a token transfer", async () => {
    const from = account(1).address;
    const to = account(2).address;
    const out = await runCast([
      "estimate",
      chain().contracts.token,
      "transfer(address,uint256)",
      to,
      "1000",
      "--from",
      from,
      "--rpc-url",
      chain().rpcUrl,
    ]);
    const expected = await reader(chain()).estimateGas({
      account: from,
      to: chain().contracts.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, 1000n] }),
    });
    expect(BigInt(out)).toBe(expected);
  });
});

describe("a transfer sent with cast, then read back with cast", () => {
  const amount = 123_456n;
  const to = privateKeyToAccount(generatePrivateKey()).address;
  let hash: Hex;
  let blockNumber: bigint;

  test("cast send (a test account's private key) moves the tokens", async () => {
    const key = (devnet().info.testAccounts[3] as { privateKey: Hex }).privateKey;
    const receipt = JSON.parse(
      await runCast([
        "send",
        origin().contracts.token,
        "transfer(address,uint256)",
        to,
        amount.toString(),
        "--private-key",
        key,
        "--rpc-url",
        origin().rpcUrl,
        "--json",
      ]),
    ) as { status: Hex; transactionHash: Hex; blockNumber: Hex; from: Address };
    expect(receipt.status).toBe("0x1");
    expect(receipt.from.toLowerCase()).toBe(account(3).address.toLowerCase());
    hash = receipt.transactionHash;
    blockNumber = BigInt(receipt.blockNumber);
    expect(await usdcOf(origin(), to)).toBe(amount);
  });

  test("cast receipt is the chain's receipt, with the Transfer log", async () => {
    const receipt = JSON.parse(await runCast(["receipt", hash, "--rpc-url", origin().rpcUrl, "--json"])) as {
      status: Hex;
      blockHash: Hex;
      gasUsed: Hex;
      logs: { topics: Hex[]; data: Hex }[];
    };
    const expected = await reader(origin()).getTransactionReceipt({ hash });
    expect(receipt.status).toBe("0x1");
    expect(receipt.blockHash).toBe(expected.blockHash);
    expect(BigInt(receipt.gasUsed)).toBe(expected.gasUsed);
    expect(receipt.logs).toHaveLength(1);
    expect(receipt.logs[0]?.topics).toEqual([transferTopic, topicOf(account(3).address), topicOf(to)]);
    expect(BigInt(receipt.logs[0]?.data as Hex)).toBe(amount);
  });

  test("cast logs finds the Transfer by its signature and indexed recipient", async () => {
    const logs = JSON.parse(
      await runCast([
        "logs",
        "--from-block",
        blockNumber.toString(),
        "--to-block",
        blockNumber.toString(),
        "--address",
        origin().contracts.token,
        "Transfer(address indexed from,address indexed to,uint256 value)",
        "--rpc-url",
        origin().rpcUrl,
        "--json",
      ]),
    ) as { transactionHash: Hex; topics: Hex[]; data: Hex }[];
    expect(logs.map((log) => log.transactionHash)).toEqual([hash]);
    expect(logs[0]?.topics[2]).toBe(topicOf(to));
    expect(BigInt(logs[0]?.data as Hex)).toBe(amount);
  });

  test("cast block is the chain's block, holding the transaction", async () => {
    const block = JSON.parse(
      await runCast(["block", blockNumber.toString(), "--rpc-url", origin().rpcUrl, "--json"]),
    ) as { hash: Hex; number: Hex; transactions: Hex[] };
    const expected = await reader(origin()).getBlock({ blockNumber });
    expect(BigInt(block.number)).toBe(blockNumber);
    expect(block.hash).toBe(expected.hash);
    expect(block.transactions).toContain(hash);
  });
});

test("a call whose input and data differ is refused with an error naming both, as geth refuses it", async () => {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "totalSupply" });
  const response = await fetch(origin().rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 9,
      method: "eth_call",
      params: [{ to: origin().contracts.token, input: data, data: `${data}00` }, "latest"],
    }),
  });
  expect(await response.json()).toEqual({
    jsonrpc: "2.0",
    id: 9,
    error: {
      code: -32000,
      message:
        'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
    },
  });
});
